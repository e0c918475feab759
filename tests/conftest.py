"""Settings shared by the whole test suite."""

import os

from hypothesis import settings

# Tests never assert timers (see the preamble), so hypothesis' per-example
# deadline would only make slow CI machines flaky. `print_blob` lets anyone
# replay a failing example from CI with @reproduce_failure.
settings.register_profile(
    "quintet",
    deadline=None,
    print_blob=True,
)
# A longer search for a night run: HYPOTHESIS_PROFILE=thorough make pytest.
# The conformance kit scales its own counts by the same factor (x10).
settings.register_profile("thorough", parent=settings.get_profile("quintet"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quintet"))
