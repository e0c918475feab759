// Dragging a tile with mouse or touch (pointer events): from the rack or a cell to a cell
// or back to the rack. A press that does not move is left to the click handlers, so
// click-then-cell works as well; a drag swallows the click that follows it.
import { useEffect, useRef, useState } from 'preact/hooks';

const THRESHOLD = 6;

/** `onDrop(tile, from, target)`: target {row, col} for a cell, {rack: true} for the rack. */
export function useDrag(onDrop, enabled) {
  const start = useRef(null);
  const swallow = useRef(false);
  const [ghost, setGhost] = useState(null);
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;

  useEffect(() => {
    if (!enabled) return undefined;
    const move = (event) => {
      const s = start.current;
      if (!s || event.pointerId !== s.pointerId) return;
      const far = Math.abs(event.clientX - s.x) + Math.abs(event.clientY - s.y) > THRESHOLD;
      if (!s.dragging && !far) return;
      s.dragging = true;
      event.preventDefault();
      setGhost({ tile: s.tile, x: event.clientX, y: event.clientY });
    };
    const up = (event) => {
      const s = start.current;
      if (!s || event.pointerId !== s.pointerId) return;
      start.current = null;
      if (!s.dragging) return;
      setGhost(null);
      swallow.current = true;
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const cell = under?.closest?.('.dq-board [data-row]');
      if (cell) {
        dropRef.current(s.tile, s.from, { row: Number(cell.dataset.row), col: Number(cell.dataset.col) });
      } else if (under?.closest?.('.dq-rack-zone')) {
        dropRef.current(s.tile, s.from, { rack: true });
      }
    };
    const cancel = () => {
      start.current = null;
      setGhost(null);
    };
    document.addEventListener('pointermove', move, { passive: false });
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', cancel);
    return () => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', cancel);
    };
  }, [enabled]);

  /** The pointerdown handler of a tile. */
  const begin = (tile, from, event) => {
    if (!enabled || event.button > 0) return;
    swallow.current = false;
    start.current = { tile, from, x: event.clientX, y: event.clientY, pointerId: event.pointerId, dragging: false };
  };
  /** True once for the click that ends a drag (the click handlers ignore it). */
  const swallowed = () => {
    const was = swallow.current;
    swallow.current = false;
    return was;
  };
  return { ghost, begin, swallowed };
}
