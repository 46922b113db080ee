// The explorer in headless Chromium (run by `cargo xtask web-test`):
//   node explorer.test.mjs URL SCREENSHOT
// Kiwipete by FEN: 48 legal moves and perft(3) = 97,862 read from the page;
// a move played by clicking; the check-mask grid of a position in check; a
// bad FEN's one-line reason; a promotion; a long perft cancelled while the
// page keeps answering; no error thrown on the page; the page's perft speed;
// a screenshot.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

const [url, screenshot] = process.argv.slice(2);
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const LIMIT = { timeout: 120_000 };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1500, height: 1100 } });
const problems = [];
page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });

async function step(name, body) {
  await body();
  console.log(`ok: ${name}`);
}

async function setFen(fen) {
  await page.fill('#fen', fen);
  await page.click('#set-fen');
}

async function runPerft(depth) {
  await page.fill('#perft-depth', String(depth));
  await page.click('#perft-run');
  await page.waitForSelector('#perft-state[data-state="done"]', LIMIT);
  return {
    nodes: await page.getAttribute('#perft-nodes', 'data-nodes'),
    nps: Number(await page.getAttribute('#perft-nps', 'data-nps')),
  };
}

try {
  await page.goto(url);
  await page.waitForSelector('#status[data-state="ready"]', LIMIT);

  await step('Kiwipete by FEN has 48 legal moves', async () => {
    await setFen(KIWIPETE);
    assert.equal(await page.textContent('#legal-count'), '48');
    assert.equal(await page.inputValue('#fen'), KIWIPETE);
  });

  await step('perft(3) of Kiwipete in the worker is 97,862', async () => {
    const { nodes } = await runPerft(3);
    assert.equal(nodes, '97862');
    assert.equal(await page.textContent('#perft-nodes'), '97,862');
    assert.equal(await page.locator('#divide li').count(), 48);
  });

  await step('a move played by clicking: e2 then e4', async () => {
    await page.click('#start');
    await page.click('[data-square="e2"]');
    assert.equal(await page.locator('.square.target').count(), 2);  // e3, e4
    await page.click('[data-square="e4"]');
    assert.equal(await page.inputValue('#fen'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    assert.equal(await page.textContent('#side'), 'Black');
    await page.click('#undo');
    assert.equal(await page.textContent('#side'), 'White');
  });

  await step('the check mask of a position in check', async () => {
    // The rook on e8 checks the king on e1: block on e2..e7 or take on e8.
    await setFen('4r1k1/8/8/8/8/8/8/4K3 w - - 0 1');
    const grid = page.locator('.grid[data-name="check-mask"]');
    assert.equal(await grid.getAttribute('data-hex'), '1010101010101000');
    assert.equal(await grid.locator('.cell.set').count(), 7);
    assert.match(await page.textContent('#check-note'), /in check/);
  });

  await step('a square shows its attacks, rays and between/line', async () => {
    await page.click('[data-square="e8"]');
    await page.click('[data-square="e1"]');   // not a move for White: a second square
    assert.equal(await page.getAttribute('.grid[data-name="between"]', 'data-hex'), '0010101010101000');
    assert.equal(await page.getAttribute('.grid[data-name="line"]', 'data-hex'), '1010101010101010');
    const word = await page.textContent('.grid[data-name="line"] .word');
    assert.match(word, /native hi 0x10101010 lo 0x10101010/);
    assert.match(word, /hi\/lo {2}hi 0x10101010 lo 0x10101010/);
  });

  await step('a bad FEN gets the one-line reason and changes nothing', async () => {
    const before = await page.inputValue('#fen');
    const moves = await page.textContent('#legal-count');
    await setFen('8/8/8 w - - 0 1');
    // The same reason as `bb perft 1 --fen "8/8/8 w - - 0 1"` gives, without "bb: ".
    assert.equal(await page.textContent('#fen-error'),
      "invalid FEN (piece placement): expected 8 ranks separated by '/', found 3");
    assert.equal(await page.textContent('#legal-count'), moves);
    await page.fill('#fen', before);
  });

  await step('a promotion asks for the piece', async () => {
    await setFen('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
    await page.click('[data-square="b7"]');
    await page.click('[data-square="b8"]');
    assert.equal(await page.isVisible('#promotion'), true);
    await page.click('#promotion [data-piece="n"]');
    assert.equal(await page.inputValue('#fen'), '1N2k3/8/8/8/8/8/8/4K3 b - - 0 1');
  });

  await step('a long perft can be cancelled, and the page answers meanwhile', async () => {
    await page.click('#start');
    await page.fill('#perft-depth', '7');
    await page.click('#perft-run');
    await page.waitForFunction(() => /^[1-9][0-9]*\/20$/.test(document.querySelector('#perft-done').textContent), null, LIMIT);
    await page.click('#flip');                       // the page answers while the worker counts
    assert.equal(await page.getAttribute('#board .square:first-child', 'data-square'), 'h1');
    assert.equal(await page.getAttribute('#perft-state', 'data-state'), 'running');
    await page.click('#perft-cancel');
    assert.equal(await page.getAttribute('#perft-state', 'data-state'), 'cancelled');
    await page.click('#flip');
  });

  await page.click('#start');
  await page.check('#grid-attacked-by-white');
  await step('perft(6) of the initial position, for its speed', async () => {
    const { nodes, nps } = await runPerft(6);
    assert.equal(nodes, '119060324');
    console.log(`page perft(6): ${nps} nps`);
  });
  await page.click('[data-square="g1"]');
  await page.screenshot({ path: screenshot, fullPage: true });
  console.log(`screenshot: ${screenshot}`);
  assert.deepEqual(problems, [], 'nothing may throw on the page');
  console.log('all browser checks passed');
} catch (error) {
  console.error(`FAILED: ${error.message}`);
  for (const problem of problems) console.error(problem);
  await page.screenshot({ path: screenshot, fullPage: true }).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser.close();
}
