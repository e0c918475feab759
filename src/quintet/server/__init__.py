"""The live game server (issue 5): lobby, tables, WebSockets and storage."""
