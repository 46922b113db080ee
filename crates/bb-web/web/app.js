// The explorer page: the board, the grids of the position and of a clicked
// square, and perft in a Web Worker. All chess comes from bb's WebAssembly
// module (pkg/bb_web.js); this file only draws and listens.
import init, { Explorer, gridNames, betweenSquares, lineThrough, wordHalves, backendName }
  from './pkg/bb_web.js';

const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const DIRECTIONS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
const DEFAULT_GRIDS = ['occupied', 'check-mask', 'pinned'];
const $ = (id) => document.getElementById(id);

const state = { explorer: null, flipped: false, selected: null, second: null, pending: null, worker: null };

const squareName = (index) => 'abcdefgh'[index % 8] + (Math.floor(index / 8) + 1);
const squareIndex = (name) => name.charCodeAt(0) - 97 + 8 * (name.charCodeAt(1) - 49);
const bitSet = (hex, index) => ((BigInt('0x' + hex) >> BigInt(index)) & 1n) === 1n;
const formatCount = (text) => BigInt(text).toLocaleString('en-US');

// ---- drawing ----------------------------------------------------------

/// The 64 square indices in display order: rank 8 first unless flipped.
function displayOrder() {
  const order = [];
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const rank = state.flipped ? row : 7 - row;
      const file = state.flipped ? 7 - column : column;
      order.push(rank * 8 + file);
    }
  }
  return order;
}

/// A labelled 8×8 grid of `hex`, with its word in hex and in halves.
function gridElement(name, title, hex) {
  const element = document.createElement('div');
  element.className = 'grid';
  element.dataset.name = name;
  element.dataset.hex = hex;
  const heading = document.createElement('div');
  heading.className = 'title';
  heading.textContent = title;
  const cells = document.createElement('div');
  cells.className = 'cells';
  for (const index of displayOrder()) {
    const cell = document.createElement('div');
    const dark = (index % 8 + Math.floor(index / 8)) % 2 === 0;
    cell.className = 'cell' + (dark ? ' dark' : '') + (bitSet(hex, index) ? ' set' : '');
    cell.title = squareName(index);
    cells.append(cell);
  }
  const [grouped, nativeHi, nativeLo, hiloHi, hiloLo] = wordHalves(hex);
  const word = document.createElement('div');
  word.className = 'word';
  word.textContent = `${grouped}\nnative hi ${nativeHi} lo ${nativeLo}\nhi/lo  hi ${hiloHi} lo ${hiloLo}`;
  element.append(heading, cells, word);
  return element;
}

function drawBoard() {
  const board = $('board');
  const pieces = state.explorer.board();
  const moves = state.explorer.legalMoves();
  const targets = new Set(state.selected === null ? [] : movesBetween(moves, state.selected, null)
    .map((uci) => squareIndex(uci.slice(2, 4))));
  board.replaceChildren();
  for (const index of displayOrder()) {
    const square = document.createElement('div');
    const dark = (index % 8 + Math.floor(index / 8)) % 2 === 0;
    square.className = 'square ' + (dark ? 'dark' : 'light');
    square.classList.toggle('selected', index === state.selected);
    square.classList.toggle('second', index === state.second);
    square.classList.toggle('target', targets.has(index));
    square.dataset.square = squareName(index);
    const piece = pieces[index];
    if (piece !== '.') {
      square.textContent = GLYPHS[piece];
      square.draggable = true;
      square.dataset.piece = piece;
    }
    const coord = document.createElement('span');
    coord.className = 'coord';
    coord.textContent = squareName(index);
    square.append(coord);
    board.append(square);
  }
}

function drawSummary() {
  const explorer = state.explorer;
  $('fen').value = explorer.fen();
  $('side').textContent = explorer.sideToMove() === 'w' ? 'White' : 'Black';
  $('legal-count').textContent = explorer.legalMoves().length;
  $('check-note').textContent = explorer.inCheck() ? '· in check' : '';
}

function drawPositionGrids() {
  const chosen = [...document.querySelectorAll('#grid-choice input:checked')];
  $('grids').replaceChildren(...chosen.map((box) =>
    gridElement(box.value, box.dataset.label, state.explorer.grid(box.value))));
}

function drawSquarePanel() {
  const panel = $('square-panel');
  panel.replaceChildren();
  if (state.selected === null) return;
  const name = squareName(state.selected);
  const [attacks, moves, ...rays] = state.explorer.squareInfo(state.selected);
  const piece = state.explorer.board()[state.selected];
  const what = piece === '.' ? `empty ${name}` : `${GLYPHS[piece]} on ${name}`;
  let union = 0n;
  rays.forEach((ray) => { union |= BigInt('0x' + ray); });
  panel.append(
    gridElement('square-attacks', `attacks of ${what}`, attacks),
    gridElement('square-moves', `legal moves from ${name}`, moves),
    gridElement('square-rays', `rays from ${name} (8 directions)`, union.toString(16).padStart(16, '0')));
  const list = document.createElement('div');
  list.className = 'grid word';
  list.dataset.name = 'square-ray-list';
  list.textContent = rays.map((ray, i) => `${DIRECTIONS[i].padEnd(10)} ${wordHalves(ray)[0]}`).join('\n');
  panel.append(list);
  if (state.second !== null) {
    const other = squareName(state.second);
    panel.append(
      gridElement('between', `between ${name} and ${other}`, betweenSquares(state.selected, state.second)),
      gridElement('line', `line through ${name} and ${other}`, lineThrough(state.selected, state.second)));
  }
}

function draw() {
  drawBoard();
  drawSummary();
  drawPositionGrids();
  drawSquarePanel();
}

// ---- moves --------------------------------------------------------------

/// The legal moves from `from` (to `to`, unless null), in UCI.
function movesBetween(moves, from, to) {
  return moves.filter((uci) => squareIndex(uci.slice(0, 2)) === from
    && (to === null || squareIndex(uci.slice(2, 4)) === to));
}

/// Forgets the clicked squares and a promotion being chosen.
function resetSelection() {
  state.selected = null;
  state.second = null;
  state.pending = null;
  $('promotion').hidden = true;
}

function play(uci) {
  const error = state.explorer.play(uci);
  $('fen-error').textContent = error;
  resetSelection();
}

/// A click (or a drop) on a square: select it, move to it, or take it as
/// the second square for between/line.
function clickSquare(index) {
  if (state.selected === null || state.selected === index) {
    const selected = state.selected === index ? null : index;
    resetSelection();
    state.selected = selected;
  } else {
    const moves = movesBetween(state.explorer.legalMoves(), state.selected, index);
    if (moves.length === 1) {
      play(moves[0]);
    } else if (moves.length > 1) {
      state.pending = moves;                 // a promotion: ask which piece
      $('promotion').hidden = false;
    } else {
      state.second = index;
    }
  }
  draw();
}

function listen() {
  const board = $('board');
  board.addEventListener('click', (event) => {
    const square = event.target.closest('.square');
    if (square) clickSquare(squareIndex(square.dataset.square));
  });
  board.addEventListener('dragstart', (event) => {
    const square = event.target.closest('.square');
    if (!square) return;
    resetSelection();
    state.selected = squareIndex(square.dataset.square);
    event.dataTransfer.setData('text/plain', square.dataset.square);
  });
  // Dropped outside the board: show the selection the drag made.
  board.addEventListener('dragend', () => draw());
  board.addEventListener('dragover', (event) => event.preventDefault());
  board.addEventListener('drop', (event) => {
    event.preventDefault();
    const square = event.target.closest('.square');
    if (square && state.selected !== null) clickSquare(squareIndex(square.dataset.square));
  });
  $('promotion').addEventListener('click', (event) => {
    const piece = event.target.dataset.piece;
    const uci = state.pending && state.pending.find((move) => move.endsWith(piece));
    if (uci) { play(uci); draw(); }
  });
  $('undo').addEventListener('click', () => {
    state.explorer.undo();
    resetSelection();
    $('fen-error').textContent = '';
    draw();
  });
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; draw(); });
  $('start').addEventListener('click', () => {
    state.explorer = new Explorer();
    resetSelection();
    $('fen-error').textContent = '';
    draw();
  });
  $('fen-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const error = state.explorer.setFen($('fen').value);
    $('fen-error').textContent = error;
    if (!error) { resetSelection(); draw(); }
  });
  $('grid-choice').addEventListener('change', drawPositionGrids);
  $('perft-form').addEventListener('submit', (event) => { event.preventDefault(); startPerft(); });
  $('perft-cancel').addEventListener('click', () => stopPerft('cancelled'));
}

function buildGridChoice() {
  const fieldset = $('grid-choice');
  for (const entry of gridNames()) {
    const [name, label] = entry.split('|');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.id = 'grid-' + name;
    box.value = name;
    box.dataset.label = label;
    box.checked = DEFAULT_GRIDS.includes(name);
    const tag = document.createElement('label');
    tag.append(box, ' ' + label);
    fieldset.append(tag);
  }
}

// ---- perft in a worker --------------------------------------------------

function setPerftState(text) {
  $('perft-state').textContent = text;
  $('perft-state').dataset.state = text;
  const running = text === 'running';
  $('perft-run').disabled = running;
  $('perft-cancel').disabled = !running;
}

function stopPerft(reason) {
  if (state.worker) state.worker.terminate();
  state.worker = null;
  setPerftState(reason);
}

function showPerftProgress({ done, roots, nodes, elapsed }) {
  const seconds = elapsed / 1000;
  $('perft-progress').max = Math.max(roots, 1);
  $('perft-progress').value = done;
  $('perft-done').textContent = `${done}/${roots}`;
  $('perft-nodes').textContent = formatCount(nodes);
  $('perft-nodes').dataset.nodes = nodes;
  $('perft-time').textContent = seconds.toFixed(3);
  const nps = seconds > 0 ? Number(BigInt(nodes)) / seconds : 0;
  $('perft-nps').textContent = Math.round(nps).toLocaleString('en-US');
  $('perft-nps').dataset.nps = Math.round(nps);
}

function startPerft() {
  stopPerft('running');
  $('divide').replaceChildren();
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  state.worker = worker;
  const divide = $('perft-divide').checked;
  worker.onmessage = ({ data }) => {
    if (data.type === 'error') {
      stopPerft('error');
      $('fen-error').textContent = data.message;
      return;
    }
    showPerftProgress(data);
    if (data.type === 'step' && divide) {
      const item = document.createElement('li');
      item.textContent = `${data.uci} ${formatCount(data.count)}`;
      $('divide').append(item);
    }
    if (data.type === 'done') stopPerft('done');
  };
  worker.onerror = (event) => { event.preventDefault(); stopPerft('error'); };
  worker.postMessage({ fen: state.explorer.fen(), depth: Number($('perft-depth').value) });
}

// ---- start --------------------------------------------------------------

async function main() {
  try {
    await init();
  } catch (error) {
    $('status').textContent = `cannot load bb: ${error}`;
    $('status').dataset.state = 'error';
    return;
  }
  state.explorer = new Explorer();
  buildGridChoice();
  listen();
  draw();
  $('status').textContent = `ready (bb-core backend: ${backendName()})`;
  $('status').dataset.state = 'ready';
}

main();
