/**
 * Issue 24 on the shop floor, in a real browser: the owner's history of the branch's shifts with
 * its filters; the credit note's printouts without JavaScript; and the smaller points of defect 9 —
 * suggestions picked with the arrow keys, «Cancelar venta» asking before emptying the cart, the
 * «Imprimir» button and print stylesheet of every printout, and the stock list that looks like
 * every other list. Each test makes its own registers and shifts, so it depends on no other spec.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { NO_APP_SCRIPT, apiPost, collectErrors, hydrated, scannableProducts, signIn } from './helpers';

/** Codes of this run's registers (another run on the same database gets others). */
const stamp = Date.now().toString(36).slice(-5).toUpperCase();

/** A new register of the demo branch (admin). */
async function newRegister(admin: Page, code: string): Promise<{ _id: number; name: string }> {
  const r = await apiPost(admin, '/api/cashRegister/register', { code, name: `Caja ${code}` });
  expect(r.status(), await r.text()).toBe(201);
  return r.json();
}

/** The signed-in user's open shift: the one they hold, else a new one on `registerId`. */
async function shiftOn(page: Page, registerId: number, opening = '20.00'): Promise<number> {
  const last = await (await page.request.get('/api/Turn/getMyLastTurn')).json();
  if (last?.state === 'open') return last._id;
  const r = await apiPost(page, '/api/Turn/open', { cashRegisterId: registerId, openingAmount: opening });
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json())._id;
}

/** A page of its own browser context signed in as `email`. */
async function signedIn(browser: Browser, email: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** A page without JavaScript that carries the session of `page`. */
async function withoutJavaScript(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  return context.newPage();
}

/** A cash sale of `lines` (product id, quantity) paid exactly, and its view. */
async function cashSale(page: Page, key: string, lines: [number, string][], extra: Record<string, unknown> = {}) {
  const body = { lines: lines.map(([productId, quantity]) => ({ productId, quantity })), ...extra };
  const preview = await apiPost(page, '/api/sales/note/preview', body);
  expect(preview.status(), await preview.text()).toBe(200);
  const { total } = await preview.json();
  const r = await apiPost(page, '/api/sales/note/register', {
    idempotencyKey: `${key}-${stamp}`,
    ...body,
    payments: [{ method: 'cash', amount: total, received: total }],
  });
  expect(r.status(), await r.text()).toBe(201);
  return r.json() as Promise<{ _id: number; number: string; total: string }>;
}

/** The page size a printout asks for, in points, from the PDF Chromium makes of it. */
async function printedSize(page: Page): Promise<[number, number]> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
  expect(box, 'MediaBox del PDF').not.toBeNull();
  return [Number(box?.[1]), Number(box?.[2])];
}

const MM = 72 / 25.4;

test("the owner's history of shifts filters by register, cashier and date, with counts and differences", async ({ browser }) => {
  // Three users sign in and the list is filtered five times.
  test.setTimeout(60_000);
  const admin = await signedIn(browser, 'admin@demo.ec');
  const h1 = await newRegister(admin, `H1${stamp}`);
  const h2 = await newRegister(admin, `H2${stamp}`);
  // The cashier counts $ 10.25 from a $ 10.00 fund; the seller $ 19.50 from $ 20.00.
  const shifts: [string, number, string, { denomination: string; quantity: number }[]][] = [
    ['cajero@demo.ec', h1._id, '10.00', [{ denomination: '10', quantity: 1 }, { denomination: '0.25', quantity: 1 }]],
    ['vendedor@demo.ec', h2._id, '20.00', [{ denomination: '10', quantity: 1 }, { denomination: '5', quantity: 1 }, { denomination: '1', quantity: 4 }, { denomination: '0.5', quantity: 1 }]],
  ];
  const ids: number[] = [];
  for (const [email, register, opening, counts] of shifts) {
    const page = await signedIn(browser, email);
    const last = await (await page.request.get('/api/Turn/getMyLastTurn')).json();
    if (last?.state === 'open') {
      // Left open by another test: closed, so this user's shift is the one on the new register.
      const closed = await apiPost(page, `/api/Turn/${last._id}/close`, { counts: [] });
      expect(closed.status(), await closed.text()).toBe(200);
    }
    const id = await shiftOn(page, register, opening);
    const closed = await apiPost(page, `/api/Turn/${id}/close`, { counts });
    expect(closed.status(), await closed.text()).toBe(200);
    ids.push(id);
    await page.context().close();
  }
  const [cashierShift, sellerShift] = ids;

  const errors = collectErrors(admin);
  await admin.goto('/admin/caja/historial');
  await hydrated(admin);
  const filters = admin.getByRole('form', { name: 'Filtros' });
  const table = admin.getByTestId('turns');
  const row = (id: number) => table.locator('tr', { hasText: new RegExp(`^#${id}(?!\\d)`) });

  // By register: only the cashier's shift on H1, with its count and difference.
  await filters.getByLabel('Caja').selectOption({ label: h1.name });
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(admin).toHaveURL(new RegExp(`cashRegisterId=${h1._id}`));
  await expect(row(cashierShift)).toContainText('Cajero Demo');
  await expect(row(cashierShift)).toContainText('$ 10.25');
  await expect(row(cashierShift)).toContainText('$ 0.25');
  await expect(row(sellerShift)).toHaveCount(0);
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // By cashier: only the seller's shift, short by 50 cents.
  await filters.getByLabel('Caja').selectOption({ label: 'Todas' });
  await filters.getByLabel('Cajero').selectOption({ label: 'Vendedor Demo' });
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(admin).toHaveURL(/userId=\d+/);
  await expect(row(sellerShift)).toContainText('$ 19.50');
  await expect(row(sellerShift)).toContainText('-$ 0.50');
  await expect(row(cashierShift)).toHaveCount(0);

  // By date: today (Ecuador) finds the seller's shift; from tomorrow on, none.
  const today = await admin.evaluate(() => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Guayaquil' }));
  const tomorrow = await admin.evaluate(() => new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Guayaquil' }));
  await filters.getByLabel('Desde').fill(today);
  await filters.getByLabel('Hasta').fill(today);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(admin).toHaveURL(new RegExp(`from=${today}`));
  await expect(row(sellerShift)).toBeVisible();
  await filters.getByLabel('Desde').fill(tomorrow);
  await filters.getByLabel('Hasta').fill('');
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(admin.getByText('No hay turnos que mostrar.')).toBeVisible();

  // «Quitar filtros» shows both shifts again, each with its arqueo.
  await admin.getByRole('link', { name: 'Quitar filtros' }).click();
  await expect(row(cashierShift).getByRole('link', { name: 'Arqueo' })).toHaveAttribute('href', `/admin/caja/turno/${cashierShift}/ticketArqueo`);
  await expect(row(sellerShift).getByRole('link', { name: 'Arqueo' })).toHaveAttribute('href', `/admin/caja/turno/${sellerShift}/ticketArqueo`);
  expect(errors).toEqual([]);
  await admin.context().close();
});

test("a credit note's A4 and 80 mm printouts work without JavaScript", async ({ browser }) => {
  const seller = await signedIn(browser, 'vendedor@demo.ec');
  const admin = await signedIn(browser, 'admin@demo.ec');
  const register = await newRegister(admin, `N${stamp}`);
  await admin.context().close();
  const turn = await shiftOn(seller, register._id);
  const [product] = await scannableProducts(seller);
  const sale = await cashSale(seller, 'nc-print', [[product._id, '2']]);
  const r = await apiPost(seller, '/api/sales/creditNote/register', {
    saleId: sale._id,
    reason: 'Producto dañado',
    refund: 'cash',
    lines: [{ productId: product._id, quantity: '1' }],
  });
  expect(r.status(), await r.text()).toBe(201);
  const note = await r.json();

  const print = await withoutJavaScript(browser, seller);
  for (const [path, testId] of [
    [`/admin/ventas/notaCredito/${note._id}/pdf`, 'document-a4'],
    [`/admin/ventas/notaCredito/${note._id}/ticket`, 'ticket'],
  ]) {
    const response = await print.goto(path);
    expect(response?.status(), path).toBe(200);
    const sheet = print.getByTestId(testId);
    await expect(sheet).toContainText('NOTA DE CRÉDITO');
    await expect(sheet).toContainText(note.number);
    await expect(sheet).toContainText(sale.number);
    await expect(sheet).toContainText(product.name);
    await expect(sheet).toContainText('Producto dañado');
    expect(await print.locator(NO_APP_SCRIPT).count(), path).toBe(0);
    // Without JavaScript the «Imprimir» button could not print: it is not shown.
    await expect(print.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  }
  await print.context().close();
  await apiPost(seller, `/api/Turn/${turn}/close`, { counts: [] });
  await seller.context().close();
});

test('quote suggestions are picked with the arrow keys and Enter, like the POS search', async ({ browser }) => {
  const seller = await signedIn(browser, 'vendedor@demo.ec');
  const errors = collectErrors(seller);
  // A search word that several products share (the first word of a demo product's name).
  let word = '';
  let names: string[] = [];
  for (const product of await scannableProducts(seller)) {
    word = product.name.split(' ')[0];
    const found = await (await seller.request.get(`/api/item?search=${encodeURIComponent(word)}&limit=10&active=true`)).json();
    names = (found.results as { name: string }[]).map((p) => p.name);
    if (names.length > 1) break;
  }
  expect(names.length, `productos con «${word}»`).toBeGreaterThan(1);

  await seller.goto('/admin/ventas/cotizador');
  await hydrated(seller);
  const form = seller.getByTestId('quote-form');
  const field = form.getByLabel('Agregar producto');
  await field.fill(word);
  const options = form.getByRole('listbox', { name: 'Productos sugeridos' }).getByRole('option');
  await expect(options).toHaveCount(names.length);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  // ↓ ↓ ↑ lands on the second; Enter adds it (and does not submit the quote).
  await field.press('ArrowDown');
  await field.press('ArrowDown');
  await field.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
  await field.press('Enter');
  await expect(form.getByLabel(`Cantidad de ${names[1]}`)).toHaveValue('1');
  await expect(options).toHaveCount(0);

  // The client field: two clients whose names start alike; ↓ and Enter pick the second one.
  const prefix = `Sugerido ${stamp}`;
  for (const [n, id] of [['Ana', `PA${stamp}1`], ['Beto', `PB${stamp}2`]]) {
    const made = await apiPost(seller, '/api/clients/register', { idType: 'pasaporte', identification: id, name: `${prefix} ${n}` });
    expect(made.status(), await made.text()).toBe(201);
  }
  const client = form.getByRole('combobox', { name: 'Cliente' });
  await client.fill(prefix);
  const clientOptions = form.getByRole('listbox', { name: 'Clientes sugeridos' }).getByRole('option');
  await expect(clientOptions).toHaveCount(2);
  await expect(clientOptions.first()).toHaveAttribute('aria-selected', 'true');
  await client.press('ArrowDown');
  await expect(clientOptions.nth(1)).toHaveAttribute('aria-selected', 'true');
  const picked = ((await clientOptions.nth(1).textContent()) ?? '').split(' · ')[0];
  await client.press('Enter');
  await expect(form).toContainText(`Cliente: ${picked}`);
  await expect(clientOptions).toHaveCount(0);

  // The POS's search (F2) is the same list: ↓ then Enter puts the second product in the cart.
  const admin = await signedIn(browser, 'admin@demo.ec');
  const register = await newRegister(admin, `S${stamp}`);
  await admin.context().close();
  const turn = await shiftOn(seller, register._id);
  await seller.goto('/admin/ventas/notaventa');
  await hydrated(seller);
  await seller.keyboard.press('F2');
  const search = seller.getByRole('combobox', { name: 'Buscar producto' });
  // The search opens listing products; the typed word's answer replaces them.
  const answered = seller.waitForResponse((r) => r.url().includes(`/api/item?search=${encodeURIComponent(word)}&`));
  await search.fill(word);
  await answered;
  const posOptions = seller.getByRole('listbox', { name: 'Productos encontrados' }).getByRole('option');
  await expect(posOptions.first()).toContainText(word);
  await expect(posOptions.nth(1)).toContainText(word);
  await expect(posOptions.first()).toHaveAttribute('aria-selected', 'true');
  const second = ((await posOptions.nth(1).textContent()) ?? '').split(' · ')[1]?.replace(/(PVP)?\s*\$.*$/, '').trim() ?? '';
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(seller.getByTestId('cart')).toContainText(second);
  await seller.evaluate(() => localStorage.removeItem('mostrador.pos.cart'));
  expect(errors).toEqual([]);
  await apiPost(seller, `/api/Turn/${turn}/close`, { counts: [] });
  await seller.context().close();
});

test('«Cancelar venta» asks before emptying a cart with products', async ({ browser }) => {
  const admin = await signedIn(browser, 'admin@demo.ec');
  const register = await newRegister(admin, `C${stamp}`);
  await admin.context().close();
  const seller = await signedIn(browser, 'vendedor@demo.ec');
  const errors = collectErrors(seller);
  const turn = await shiftOn(seller, register._id);
  const [product] = await scannableProducts(seller);
  await seller.goto('/admin/ventas/notaventa');
  await hydrated(seller);
  const cancel = seller.getByRole('button', { name: 'Cancelar venta' });
  // An empty cart has nothing to lose: nothing to ask.
  await expect(cancel).toBeDisabled();

  const scan = seller.getByLabel('Código de barras');
  await scan.fill(product.barcodes[0]);
  await scan.press('Enter');
  const cart = seller.getByTestId('cart');
  await expect(cart).toContainText(product.name);

  // Escape keeps the sale.
  await cancel.click();
  const dialog = seller.getByRole('dialog', { name: '¿Cancelar la venta?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Se quitará el producto del carrito');
  await expect(dialog.getByRole('button', { name: 'Cancelar venta' })).toBeFocused();
  await seller.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cart).toContainText(product.name);

  // «Seguir vendiendo» keeps it too.
  await cancel.click();
  await dialog.getByRole('button', { name: 'Seguir vendiendo' }).click();
  await expect(cart).toContainText(product.name);

  // Enter confirms: the cart is empty and the barcode field has the focus again.
  await cancel.click();
  await expect(dialog).toBeVisible();
  await seller.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(cart).toContainText('Escanee un producto para empezar la venta.');
  await expect(scan).toBeFocused();
  await expect(cancel).toBeDisabled();
  expect(errors).toEqual([]);
  await apiPost(seller, `/api/Turn/${turn}/close`, { counts: [] });
  await seller.context().close();
});

test('every printout has «Imprimir» (not printed) and prints on its own paper size', async ({ browser }) => {
  const admin = await signedIn(browser, 'admin@demo.ec');
  const register = await newRegister(admin, `P${stamp}`);
  const turn = await shiftOn(admin, register._id);
  const [product] = await scannableProducts(admin);
  const sale = await cashSale(admin, 'print', [[product._id, '1']]);
  const quote = await apiPost(admin, '/api/sales/quoter/register', {
    lines: [{ productId: product._id, quantity: '1' }],
    validUntil: await admin.evaluate(() => new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Guayaquil' })),
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const quoteId = (await quote.json())._id;
  const credit = await apiPost(admin, '/api/sales/creditNote/register', {
    saleId: sale._id,
    reason: 'Cambio de talla',
    refund: 'cash',
    lines: [{ productId: product._id, quantity: '1' }],
  });
  expect(credit.status(), await credit.text()).toBe(201);
  const creditId = (await credit.json())._id;
  const closed = await apiPost(admin, `/api/Turn/${turn}/close`, { counts: [] });
  expect(closed.status(), await closed.text()).toBe(200);

  const printouts: [string, 'a4' | '80mm'][] = [
    [`/admin/ventas/notaventa/${sale._id}/pdf`, 'a4'],
    [`/admin/ventas/notaventa/${sale._id}/ticket`, '80mm'],
    [`/tickets/quoter/A4PDF?id=${quoteId}`, 'a4'],
    [`/admin/ventas/notaCredito/${creditId}/pdf`, 'a4'],
    [`/admin/ventas/notaCredito/${creditId}/ticket`, '80mm'],
    [`/admin/caja/turno/${turn}/ticketArqueo`, '80mm'],
    ['/tickets/banco/bancoDelBarrio', '80mm'],
    ['/admin/reportes/imprimir', 'a4'],
  ];
  const page = admin;
  // window.print opens the browser's dialog: counted instead.
  await page.context().addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  for (const [path, size] of printouts) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(await page.locator(NO_APP_SCRIPT).count(), `${path}: sin la aplicación`).toBe(0);
    const button = page.getByRole('button', { name: 'Imprimir' });
    await expect(button, path).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), { message: path }).toBe(1);
    // In print the button is not there; the sheet is A4 or 80 mm wide.
    await page.emulateMedia({ media: 'print' });
    await expect(button, `${path} impreso`).toBeHidden();
    await page.emulateMedia({ media: null });
    const [width, height] = await printedSize(page);
    if (size === 'a4') {
      expect(Math.round(width / MM), `${path}: ancho A4`).toBe(210);
      expect(Math.round(height / MM), `${path}: alto A4`).toBe(297);
    } else {
      expect(Math.round(width / MM), `${path}: ancho 80 mm`).toBe(80);
    }
  }

  // A printable list of the app: the button prints, the menu and the top bar are not printed.
  await page.goto('/admin/inventario/stockList');
  await hydrated(page);
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByTestId('list-table')).toBeVisible();
  await page.emulateMedia({ media: null });
  await page.context().close();
});

test('the stock list is the same list as the others: search, filters, pages and empty state', async ({ browser }) => {
  const admin = await signedIn(browser, 'admin@demo.ec');
  const errors = collectErrors(admin);
  await admin.goto('/admin/inventario/stockList');
  await hydrated(admin);
  await expect(admin.getByRole('heading', { name: 'Stock por bodega' })).toBeVisible();
  const rows = admin.getByTestId('list-row');
  // Ten rows a page, like the products list, and the pages below.
  await expect(rows).toHaveCount(10);
  const pages = admin.getByRole('navigation', { name: 'Paginación' });
  await expect(pages).toBeVisible();
  const firstPage = await rows.first().textContent();
  await pages.getByRole('button', { name: 'Siguiente' }).click();
  await expect(admin).toHaveURL(/page=2/);
  await expect(rows.first()).not.toHaveText(firstPage ?? '');
  // No edit, copy or delete on stock: it changes through documents.
  await expect(admin.getByTestId('row-edit')).toHaveCount(0);

  // The search of every list (debounced, in the URL) and its empty state.
  const [product] = await scannableProducts(admin);
  await admin.getByTestId('list-search').fill(product.code);
  await expect(admin).toHaveURL(new RegExp(`search=${product.code}`));
  await expect(rows.first()).toContainText(product.name);
  await admin.getByTestId('list-search').fill('no-existe-zzz');
  await expect(admin.getByTestId('list-empty')).toHaveText('No hay resultados para «no-existe-zzz».');
  await expect(admin.getByTestId('stock-total')).toHaveText('$ 0.00');

  // The warehouse and low-stock filters live in the same toolbar.
  await admin.getByTestId('list-search').fill('');
  await expect(admin).not.toHaveURL(/search=/);
  // (The box follows the URL: it shows checked once the list of the new URL is loaded.)
  await admin.getByLabel('Solo bajo el mínimo').click();
  await expect(admin).toHaveURL(/low=true/);
  await expect(admin.getByLabel('Solo bajo el mínimo')).toBeChecked();
  await admin.getByLabel('Bodega').selectOption({ index: 1 });
  await expect(admin).toHaveURL(/cellarId=\d+/);
  expect(errors).toEqual([]);
  await admin.context().close();
});
