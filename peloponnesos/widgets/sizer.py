"""How much room a panel has on the screen, measured in the browser and sent to Python.

A game panel sizes its map to the screen: as wide as the row beside the controls allows and no taller than
the part of the page a pupil sees without scrolling. Only the browser knows those sizes, so this invisible
widget (an anywidget: its few lines of JavaScript travel with it, nothing is fetched from the internet)
measures the panel's board row and the visible height of the page that scrolls it — JupyterLab's notebook
area, or the window in Voilà — and sets ``width`` and ``height`` whenever they change (a window resized, the
file browser opened, a projector plugged in). Without a browser (tests, nbval) they stay 0 and the panel
keeps its first size.
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function board(el) { return el.closest('.pelo-board') || el.parentElement; }

function scroller(el) {
  // the nearest ancestor that scrolls the page (JupyterLab's notebook panel); none in Voila: the window
  const known = el.closest('.jp-WindowedPanel-outer');
  if (known) return known;
  let n = board(el);
  while (n && n !== document.body && n !== document.documentElement) {
    const y = getComputedStyle(n).overflowY;
    if ((y === 'auto' || y === 'scroll') && n.scrollHeight > n.clientHeight + 2 && n.clientHeight > 100) return n;
    n = n.parentElement;
  }
  return null;
}

export default {
  render({ model, el }) {
    el.style.cssText = 'width:0;height:0;overflow:hidden;margin:0;padding:0';
    let timer = null, tries = 0;
    const send = () => {
      const b = board(el);
      if (!b || !b.isConnected) return;
      // wait until the map has been drawn once (a new size sent while plotly draws it could be lost)
      const gd = b.querySelector('.js-plotly-plot');
      if (gd && !(gd.data && gd.data.length) && tries++ < 50) { later(); return; }
      const width = Math.round(b.clientWidth);
      if (width < 100) return;  // hidden (the curtain is down): keep the last size
      const s = scroller(el);
      const height = Math.round(s ? Math.min(s.clientHeight, window.innerHeight) : window.innerHeight);
      const win = Math.round(window.innerWidth);
      if (width !== model.get('width') || height !== model.get('height') || win !== model.get('window_width')) {
        model.set('window_width', win);
        model.set('width', width);
        model.set('height', height);
        model.save_changes();
      }
    };
    const later = () => { clearTimeout(timer); timer = setTimeout(send, 120); };
    const observer = new ResizeObserver(later);
    const target = board(el);
    if (target) observer.observe(target);
    window.addEventListener('resize', later);
    setTimeout(send, 0);
    return () => { observer.disconnect(); window.removeEventListener('resize', later); clearTimeout(timer); };
  }
};
"""


class ScreenSize(anywidget.AnyWidget):
    """The width of a panel's board row, the visible height of the page and the window's width, in CSS pixels
    (0: not known)."""

    _esm = _ESM
    width = traitlets.Int(0).tag(sync=True)
    height = traitlets.Int(0).tag(sync=True)
    window_width = traitlets.Int(0).tag(sync=True)
