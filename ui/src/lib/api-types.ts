// Generated from the Rust views and request bodies by `server/typescript.rs`: do not edit by hand.
// Regenerate with `UPDATE_TS_TYPES=1 cargo test --release --lib typescript`.

/** Role groups of the specification's menu table (§6), as the server enforces them. */
export const ADMIN: Role[] = ['admin'];
export const ADMIN_USER: Role[] = ['admin', 'user'];
export const ALL: Role[] = ['admin', 'user', 'cashier'];
/** Payment methods of a sale and their labels, in the order the POS offers them. */
export const PAYMENT_METHODS: [PaymentMethod, string][] = [['cash', 'Efectivo'], ['card', 'Tarjeta de crédito'], ['debit', 'Tarjeta de débito'], ['transfer', 'Transferencia'], ['credit', 'Crédito']];
/** Totals of a shift by movement kind, in Spanish. */
export const CASH_MOVEMENT_LABELS: Record<string, string> = {
  opening: 'Apertura',
  cash_sale: 'Ventas en efectivo',
  cash_refund: 'Devoluciones en efectivo',
  collection: 'Cobros de cuentas por cobrar',
  cash_in: 'Ingresos de efectivo',
  cash_out: 'Retiros de efectivo',
  cnb_in: 'Banco del Barrio: ingresos',
  cnb_out: 'Banco del Barrio: egresos',
  non_cash_sale: 'Ventas sin efectivo',
  supplier_payment: 'Pagos a proveedores (compras y gastos)',
};
/** Payment methods as a shift's summary names them (`byMethod`), in Spanish. */
export const SHIFT_METHOD_LABELS: Record<string, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta de crédito',
  tarjeta_debito: 'Tarjeta de débito',
  transferencia: 'Transferencia',
  credito: 'Crédito',
};
/** Kardex movement kinds in Spanish. */
export const INVENTORY_MOVEMENT_LABELS: Record<string, string> = {
  opening: 'Saldo inicial',
  purchase: 'Compra',
  sale: 'Venta',
  sale_return: 'Devolución de venta',
  adjustment_in: 'Ajuste (entrada)',
  adjustment_out: 'Ajuste (salida)',
  transfer_out: 'Transferencia (salida)',
  transfer_in: 'Transferencia (entrada)',
  consumption: 'Consumo de receta',
};
/** Kardex source documents in Spanish. */
export const INVENTORY_DOCUMENT_LABELS: Record<string, string> = {
  opening: 'Saldo inicial',
  import: 'Importación',
  purchase: 'Compra',
  sale: 'Venta',
  credit_note: 'Nota de crédito',
  adjustment: 'Ajuste',
  transfer: 'Transferencia',
};
/** Banco del Barrio operation types; `cashIn`: the cash enters the drawer. */
export const CNB_TYPES: { code: string; label: string; cashIn: boolean }[] = [
  { code: 'deposito', label: 'Depósito', cashIn: true },
  { code: 'pago_servicio', label: 'Pago de servicio', cashIn: true },
  { code: 'recarga', label: 'Recarga', cashIn: true },
  { code: 'envio_giro', label: 'Envío de giro', cashIn: true },
  { code: 'retiro', label: 'Retiro', cashIn: false },
  { code: 'pago_giro', label: 'Pago de giro', cashIn: false },
  { code: 'efectivo_movil', label: 'Efectivo móvil', cashIn: false },
];
/** The quick modifiers of a category without its own, by kitchen station. */
export const STATION_MODIFIERS: Record<string, string[]> = {
  cocina: ['sin cebolla', 'sin sal', 'sin picante', 'picante', 'bien cocido', 'término medio', 'para llevar'],
  bar: ['sin hielo', 'con hielo', 'sin azúcar', 'al clima', 'para llevar'],
};

/**
 * One `{name, value}` of the body's `additionalInfo`.
 */
export type AdditionalInfoBody = { name?: string | null, value?: string | null, };

/**
 * The request: `{cellarId, reason, note, lines: [{productId, quantity, unitCost?}]}` or, in
 * count mode, `{cellarId, mode: "count", lines: [{productId, counted}]}`.
 */
export type AdjustmentBody = { cellarId?: IdInput, mode?: string | null, reason?: string | null, note?: string | null, lines?: Array<AdjustmentLineBody> | null, };

/**
 * A line of the request.
 */
export type AdjustmentLineBody = { productId?: IdInput, quantity?: NumberInput, unitCost?: NumberInput, counted?: NumberInput, };

/**
 * An adjustment.
 */
export type AdjustmentView = { _id: number, number: number, date: string, cellarId: number, cellarName: string, mode: string, reason: string, note: string | null, user: string | null, lines: Array<DocumentLineView>, };

/**
 * The adjustments page: the list and the branch's warehouses.
 */
export type AdjustmentsPage = { list: Page<AdjustmentView>, cellars: Array<CellarOptionView>, };

/**
 * The back-office frame: the branches for the selector.
 */
export type AdminFrame = { branches: Array<BranchOfficeView>, };

/**
 * Aging buckets of open balances.
 */
export type AgingBucketsView = { 
/**
 * Por vencer.
 */
notDue: string, days1To30: string, days31To60: string, days61To90: string, over90: string, total: string, };

/**
 * A client's row of the aging report.
 */
export type AgingClientView = { clientId: number, name: string, 
/**
 * Por vencer.
 */
notDue: string, days1To30: string, days31To60: string, days61To90: string, over90: string, total: string, };

/**
 * `GET /api/cxc/aging`: buckets per client (largest debt first) and in total.
 */
export type AgingView = { 
/**
 * The day the ages are measured on.
 */
date: string, clients: Array<AgingClientView>, total: AgingBucketsView, 
/**
 * Past due (every bucket but «por vencer»).
 */
overdue: string, };

/**
 * One allocation by hand.
 */
export type AllocationBody = { receivableId?: IdInput, amount?: NumberInput, };

/**
 * How much of a receipt went to one receivable.
 */
export type AllocationView = { receivableId: number, document: string, amount: string, 
/**
 * The receivable's balance now.
 */
balance: string, };

/**
 * Body of `POST /api/ebilling/withholding/{id}/annul`.
 */
export type AnnulWithholdingBody = { reason?: string | null, };

/**
 * Body of register and update.
 */
export type BankAccountBody = { bank?: string | null, accountType?: string | null, number?: string | null, holder?: string | null, openingBalance?: NumberInput, active?: boolean | null, };

/**
 * A bank account.
 */
export type BankAccountView = { _id: number, bank: string, 
/**
 * `ahorros` or `corriente`.
 */
accountType: string, number: string, holder: string, openingBalance: string, active: boolean, locked: boolean, };

/**
 * A movement with the balance after it.
 */
export type BankMovementView = { _id: number, 
/**
 * `opening`, `shift_deposit`, `transfer_in`, `transfer_out`, `card_settlement`, `manual`,
 * `collection`, `collection_reversal`.
 */
type: string, amount: string, description: string, turnId: number | null, createdAt: string, balance: string, };

/**
 * `GET /api/bank/{id}/movements`: the account, its lines with a running balance (from the
 * opening balance) and the final balance.
 */
export type BankMovementsView = { account: BankAccountView, movements: Array<BankMovementView>, balance: string, };

/**
 * A bank account to choose for a transfer.
 */
export type BankOptionView = { _id: number, label: string, 
/**
 * What the account holds now (decimal text, may be negative), for admin and user: a payment
 * that would leave it below zero is warned about before it is sent. `null` for a cashier.
 */
balance: string | null, };

/**
 * `{barcode}` of `getByBarcode`.
 */
export type BarcodeBody = { barcode?: NumberInput, };

/**
 * The clave de acceso as Code 128 (`crate::domain::code128`): one SVG path in a `width × 1` box.
 */
export type BarcodeView = { width: number, path: string, };

/**
 * `POST /api/restaurant/order/{id}/bill`.
 */
export type BillBody = { idempotencyKey?: string | null, payments?: Array<SalePaymentBody> | null, 
/**
 * `note` (default) or `invoice`.
 */
documentType?: string | null, clientId?: IdInput, itemIds?: Array<IdInput> | null, 
/**
 * Factura only: `campoAdicional` pairs.
 */
additionalInfo?: Array<AdditionalInfoBody> | null, };

/**
 * `POST /api/restaurant/order/{id}/bill`: the order after billing and the sale (the sales
 * note's view, or the factura's with its SRI state); `null` when nothing was left to bill and
 * the order was closed.
 */
export type BillView = { order: OrderView, sale: SaleView | InvoiceView | null, };

/**
 * Body of register and update.
 */
export type BranchBody = { code?: string | null, name?: string | null, address?: string | null, phone?: string | null, active?: boolean | null, emissionPoints?: Array<EmissionPointBody> | null, };

/**
 * The issuer data of the selected branch (`GET /api/company/branchOffice/getConfig`).
 */
export type BranchConfigView = { company: CompanyView, _id: number, 
/**
 * Establecimiento code (`001`).
 */
code: string, name: string, address: string, phone: string | null, active: boolean, locked: boolean, };

/**
 * A branch with its emission points (the branch list screen).
 */
export type BranchOfficeDetailView = { emissionPoints: Array<EmissionPointView>, _id: number, 
/**
 * Establecimiento code (`001`).
 */
code: string, name: string, address: string, phone: string | null, active: boolean, locked: boolean, };

/**
 * A branch in lists and selectors.
 */
export type BranchOfficeView = { _id: number, 
/**
 * Establecimiento code (`001`).
 */
code: string, name: string, address: string, phone: string | null, active: boolean, locked: boolean, };

/**
 * A branch reference inside `companySelectedData`.
 */
export type BranchRef = { _id: number, code: string, name: string, };

/**
 * The build of the running server (`GET /api/build`): a new value means a new version.
 */
export type BuildView = { buildId: string, };

/**
 * `{reason}` of a cancellation.
 */
export type CancelBody = { reason?: string | null, };

/**
 * The transportista.
 */
export type CarrierBody = { idType?: string | null, identification?: string | null, name?: string | null, };

/**
 * The arqueo (cash-count) ticket of a shift; `turn` is `null` when there is none to print.
 */
export type CashCountTicket = { header: TicketHeader, turn: TurnDetailView | null, printedAt: string, };

/**
 * `/admin/caja/abrirCerrarCaja` and `/admin/caja/Ingresar`: my open shift in detail, the
 * registers I may open and the denominations of a count.
 */
export type CashDrawerPage = { myTurn: TurnDetailView | null, registers: Array<CashRegisterStateView>, 
/**
 * Bills then coins, as decimal strings (`"100.00"` … `"0.01"`).
 */
denominations: Array<string>, };

/**
 * `/admin/caja`: my open shift and the branch's registers with their state.
 */
export type CashHubPage = { myTurn: TurnView | null, registers: Array<CashRegisterStateView>, };

/**
 * Body of register and update.
 */
export type CashRegisterBody = { name?: string | null, code?: string | null, active?: boolean | null, };

/**
 * A register with its state: open (and by whom) or free.
 */
export type CashRegisterStateView = { cashRegister: CashRegisterView, open: boolean, turn: TurnView | null, };

/**
 * A cash register (caja) of a branch.
 */
export type CashRegisterView = { _id: number, name: string, code: string, branchOfficeId: number, active: boolean, locked: boolean, };

/**
 * The categories page: one page of the list and every category for the parent selector.
 */
export type CategoriesPage = { list: Page<CategoryView>, all: Array<CategoryView>, };

/**
 * Body of register and update.
 */
export type CategoryBody = { name?: string | null, parentId?: IdInput, active?: boolean | null, 
/**
 * cocina or bar; kept when absent on update, cocina on register.
 */
station?: string | null, 
/**
 * The quick modifiers of its products (empty: its station's); kept when absent on update.
 */
modifiers?: Array<string> | null, };

/**
 * A product category.
 */
export type CategoryView = { _id: number, name: string, parentId: number | null, parentName: string | null, active: boolean, locked: boolean, 
/**
 * Kitchen station of its products' order items: cocina or bar.
 */
station: string, 
/**
 * Its own quick modifiers (empty: its station's).
 */
modifiers: Array<string>, 
/**
 * What the waiter taps for its products: its own modifiers, else its station's.
 */
quickModifiers: Array<string>, };

/**
 * Body of register and update.
 */
export type CellarBody = { name?: string | null, active?: boolean | null, };

/**
 * `GET /api/inventory/cellar/options`: `[{_id, name, isDefault}]`.
 */
export type CellarOptionView = { _id: number, name: string, isDefault: boolean, };

/**
 * A warehouse's stock value.
 */
export type CellarValueView = { cellar: string, products: number, value: string, };

/**
 * A warehouse.
 */
export type CellarView = { _id: number, name: string, branchOfficeId: number, isDefault: boolean, active: boolean, locked: boolean, };

/**
 * The warehouses page.
 */
export type CellarsPage = { list: Page<CellarView>, };

/**
 * `GET`/`POST /api/ebilling/certificate`.
 */
export type CertificateView = { 
/**
 * Subject of the signing certificate (distinguished name).
 */
holder: string, 
/**
 * RUC written in the certificate, if any.
 */
ruc: string | null, 
/**
 * Issuing certification authority (distinguished name).
 */
issuer: string, 
/**
 * Serial number, decimal.
 */
serial: string, 
/**
 * Start of validity in the company's time, with its offset (`2026-11-21T09:05:00-05:00`).
 */
validFrom: string, 
/**
 * End of validity in the company's time.
 */
validTo: string, 
/**
 * Whole days until expiry (negative once expired).
 */
daysLeft: number, 
/**
 * Spanish warning from 30 days before expiry.
 */
warning: string | null, 
/**
 * Spanish warning when the certificate is not the company's (no RUC, another RUC, signed by
 * its own holder): the SRI rejects what it signs (error 39).
 */
rucWarning: string | null, };

/**
 * `POST /api/auth/changeBranchOffice` body: `{branchOffice}` is the branch id (number or numeric text).
 */
export type ChangeBranchBody = { branchOffice?: number | string | null, };

/**
 * A chart: its title, the SVG and the figures it draws as a table.
 */
export type ChartView = { 
/**
 * Stable name (`daily`, `hourly`, `methods`, `top`).
 */
id: string, title: string, 
/**
 * The chart, a complete `<svg>` element that scales to its container.
 */
svg: string, 
/**
 * The table's column titles.
 */
columns: Array<string>, 
/**
 * The table's rows, as shown (money as «$ 12.50»).
 */
rows: Array<Array<string>>, };

/**
 * `checkIfOpen`: `{open, turn}`.
 */
export type CheckIfOpenView = { open: boolean, turn: TurnView | null, };

/**
 * Body of register and update.
 */
export type ClientBody = { idType?: string | null, identification?: string | null, name?: string | null, email?: string | null, phone?: string | null, address?: string | null, priceLevel?: NumberInput, creditLimit?: NumberInput, creditDays?: NumberInput, active?: boolean | null, };

/**
 * A client to choose (statement, collection).
 */
export type ClientOptionView = { _id: number, name: string, };

/**
 * The client of a receipt or statement.
 */
export type ClientRefView = { _id: number, name: string, identification: string, email: string | null, };

/**
 * A client (the specification's JSON names; `creditLimit` as a decimal string).
 */
export type ClientView = { _id: number, 
/**
 * `ruc`, `cedula`, `pasaporte`, `consumidorFinal` or `exterior`.
 */
idType: string, identification: string, name: string, email: string | null, phone: string | null, address: string | null, 
/**
 * 1 (price), 2 (mayorista) or 3 (distribuidor).
 */
priceLevel: number, creditLimit: string, creditDays: number, 
/**
 * The company's "consumidor final", which cannot be edited.
 */
finalConsumer: boolean, active: boolean, locked: boolean, };

/**
 * Body of close.
 */
export type CloseBody = { counts?: Array<CountBody> | null, note?: string | null, };

/**
 * The agent's configuration of a branch.
 */
export type CnbConfigView = { agentCode: string, cupo: string, 
/**
 * Commission per operation type.
 */
commissions: { [key in string]: string }, };

/**
 * An operation at the counter.
 */
export type CnbOperationView = { _id: number, 
/**
 * `deposito`, `retiro`, `pago_servicio`, `recarga`, `envio_giro`, `pago_giro`,
 * `efectivo_movil`.
 */
type: string, label: string, 
/**
 * Its cash entered the drawer.
 */
cashIn: boolean, amount: string, commission: string, transactionNumber: string, controlNumber: string, reference: string, reversalOf: number | null, reversed: boolean, turnId: number, createdAt: string, };

/**
 * `/admin/banco/bancoDelBarrio`: the agent's configuration, today's report, whether the user may
 * configure (admin) and has an open shift to operate on.
 */
export type CnbPage = { config: CnbConfigView | null, report: CnbReportView, canConfigure: boolean, hasOpenTurn: boolean, };

/**
 * The printable day report of Banco del Barrio.
 */
export type CnbReportTicket = { header: TicketHeader, report: CnbReportView, printedAt: string, };

/**
 * The day's CNB report of a branch: ins, outs, 'SALDO EN CAJA', commissions, cupo.
 */
export type CnbReportView = { date: string, agentCode: string | null, cupo: string, 
/**
 * Cash received per type (reversed operations and reversals left out).
 */
ins: { [key in string]: string }, totalIns: string, 
/**
 * Cash paid out per type.
 */
outs: { [key in string]: string }, totalOuts: string, 
/**
 * Ins − outs.
 */
saldoEnCaja: string, commissions: string, cupoUsed: string, cupoAvailable: string, operations: Array<CnbOperationView>, };

/**
 * Body of a collection.
 */
export type CollectBody = { idempotencyKey?: string | null, clientId?: IdInput, method?: string | null, amount?: NumberInput, bankAccountId?: IdInput, reference?: string | null, allocations?: Array<AllocationBody> | null, };

/**
 * Data of `/admin/cxc/cobrarCxC`: clients with open balances or credit, bank accounts.
 */
export type CollectPageView = { client: ClientRefView | null, open: Array<ReceivableView>, credit: string, bankAccounts: Array<BankOptionView>, debtors: Array<AgingClientView>, 
/**
 * The receipt just printed (`?receipt=`), if any.
 */
receipt: ReceiptView | null, };

/**
 * Body of `POST /api/company/update`.
 */
export type CompanyBody = { ruc?: string | null, businessName?: string | null, tradeName?: string | null, mainAddress?: string | null, typeRegimen?: string | null, accountingRequired?: boolean | null, specialTaxpayer?: string | null, isRet?: boolean | null, retentionAgentResolution?: string | null, sriEnvironment?: string | null, allowNegativeStock?: boolean | null, 
/**
 * «Descuento máximo del cajero (%)»: a decimal string (`"5"`, `"2.5"`); absent is 0 %.
 */
cashierMaxDiscount?: NumberInput, 
/**
 * The company's time zone, an IANA name (`America/Guayaquil`, `Pacific/Galapagos`); absent
 * keeps the current one.
 */
timeZone?: string | null, };

/**
 * The company as its configuration screen shows it.
 */
export type CompanyDetailView = { hasLogo: boolean, 
/**
 * Whether stock may go below zero (inventory setting kept with the company).
 */
allowNegativeStock: boolean, 
/**
 * «Descuento máximo del cajero (%)» as a decimal string (`"0"`, `"2.5"`).
 */
cashierMaxDiscount: string, 
/**
 * The company's time zone (IANA name): every date and time its users see is in it.
 */
timeZone: string, 
/**
 * Changes whenever the company changes, so the logo URL can bust caches.
 */
logoVersion: number, _id: number, ruc: string, businessName: string, tradeName: string | null, mainAddress: string, typeRegimen: string, accountingRequired: boolean, specialTaxpayer: string | null, isRet: boolean, retentionAgentResolution: string | null, sriEnvironment: string, };

/**
 * The company page: the company data and one page of its branch offices.
 */
export type CompanyPage = { company: CompanyDetailView, branches: Page<BranchOfficeDetailView>, };

/**
 * The company data of the branch the user is working in.
 */
export type CompanySelectedData = { branchOffice: BranchRef | null, 
/**
 * '1' general, '2' RIMPE emprendedor, '3' negocio popular.
 */
typeRegimen: string, 
/**
 * Agente de retención.
 */
isRet: boolean, };

/**
 * Company data needed by every document.
 */
export type CompanyView = { _id: number, ruc: string, businessName: string, tradeName: string | null, mainAddress: string, typeRegimen: string, accountingRequired: boolean, specialTaxpayer: string | null, isRet: boolean, retentionAgentResolution: string | null, sriEnvironment: string, };

/**
 * Sales of a period against the same days last month.
 */
export type ComparisonView = { from: string, to: string, current: SalesRowView, previous: SalesRowView, };

/**
 * Body of the configuration.
 */
export type ConfigBody = { agentCode?: string | null, cupo?: NumberInput, 
/**
 * Commission per operation type: its code → a decimal amount.
 */
commissions?: Record<string, string | number> | null, };

/**
 * Body of confirmClose.
 */
export type ConfirmBody = { note?: string | null, bankAccountId?: IdInput, };

/**
 * The optional body of «Corregir y reenviar» (camelCase, every field optional; an empty body
 * resends with the stored fields): `reason` (nota de crédito: the motivo; guía: the motivo del
 * traslado of its destinatarios), and for a guía `carrier: {idType, identification, name}`,
 * `plate`, `startDate`, `endDate` (`AAAA-MM-DD`).
 */
export type Corrections = { reason?: string | null, carrier?: CarrierBody | null, plate?: string | null, startDate?: string | null, endDate?: string | null, };

/**
 * One denomination of the close form.
 */
export type CountBody = { denomination?: NumberInput, quantity?: NumberInput, };

/**
 * How much there is of each thing.
 */
export type Counts = { users: number, branches: number, categories: number, };

/**
 * Body of register: `saleId` for an internal credit note, `invoiceId` for an electronic one.
 */
export type CreditNoteBody = { saleId?: IdInput, invoiceId?: IdInput, reason?: string | null, lines?: Array<ReturnBody> | null, refund?: string | null, };

/**
 * A returned line.
 */
export type CreditNoteLineView = { saleLineId: number, productId: number, code: string, name: string, quantity: string, unitPrice: string, net: string, iva: string, total: string, };

/**
 * A credit note a printout links to.
 */
export type CreditNoteLinkView = { _id: number, number: string, };

/**
 * The printable internal credit note (A4 and 80 mm): the note, its client and its returned lines
 * in the shape of sale lines (the sales note's printouts are built from them).
 */
export type CreditNotePrint = { header: TicketHeader, note: CreditNoteView, client: SaleClientView, lines: Array<SaleLineView>, printedAt: string, };

/**
 * A credit note.
 */
export type CreditNoteView = { _id: number, number: string, date: string, saleId: number, saleNumber: string, clientName: string, reason: string, 
/**
 * `cash` (refunded from the shift) or `credit` (lowers the receivable).
 */
refund: string, user: string, lines: Array<CreditNoteLineView>, totals: DocumentTotalsView, total: string, };

/**
 * `/admin/ventas/notaCredito`: the branch's credit notes.
 */
export type CreditNotesPage = { list: Page<CreditNoteView>, };

/**
 * A factura as the credit note screen picks it: whether it can be credited, and what each of its
 * lines may still return.
 */
export type CreditableInvoiceView = { 
/**
 * `sales.id` (the body's `invoiceId`).
 */
_id: number, number: string, date: string, clientName: string, clientIdentification: string, total: string, 
/**
 * The factura's SRI state in Spanish.
 */
status: string, statusCode: DocumentStatus | "", 
/**
 * AUTORIZADO: a nota de crédito may be issued against it.
 */
creditable: boolean, lines: Array<ReturnableLineView>, };

/**
 * `GET /api/user`.
 */
export type CurrentUserView = { _id: number, email: string, name: string, role: Role, branchOfficesAccess: Array<number>, defaultMenu: string | null, isEmailVerified: boolean, companyName: string | null, companySelectedData: CompanySelectedData, theme: ThemeView, 
/**
 * The company's licence has expired: the app is read-only.
 */
readOnly: boolean, };

/**
 * The hub `/admin/cxc`.
 */
export type CxcHubView = { total: string, overdue: string, aging: AgingBucketsView, 
/**
 * The five clients that owe most.
 */
topDebtors: Array<AgingClientView>, };

/**
 * `GET /api/dashboard`: the company and branch, the licence, a few counts and the next holidays.
 * It grows as modules arrive.
 */
export type DashboardView = { company: CompanyView, branch: BranchOfficeDetailView | null, licence: LicenceView, counts: Counts, upcomingHolidays: Array<HolidayView>, 
/**
 * The owner's figures (`GET /api/reports/dashboard`): sales against last month, open shifts,
 * stock alerts; a cashier's own shift only. `None` without a branch to report on.
 */
reports: ReportsDashboardView | null, };

/**
 * Where a delivery goes (no address: take-away). `expectedAt`: `AAAA-MM-DDTHH:MM` (the company's time) or `HH:MM`
 * (today).
 */
export type DeliveryBody = { name?: string | null, phone?: string | null, address?: string | null, reference?: string | null, expectedAt?: string | null, };

/**
 * Where a delivery goes.
 */
export type DeliveryView = { name: string, phone: string, address: string, reference: string, expectedAt: string | null, };

/**
 * Body of `POST /api/ebilling/documents/{id}/email` (optional).
 */
export type DocumentEmailBody = { 
/**
 * Another recipient than the buyer.
 */
to?: string | null, };

/**
 * A line of an adjustment or a transfer.
 */
export type DocumentLineView = { productId: number, code: string, name: string, unit: string, 
/**
 * Signed for adjustments (negative leaves).
 */
quantity: string, unitCost: string, totalCost: string, };

/**
 * Value of `sri_documents.status`. Only [`DocumentStatus::Authorized`] means the document is
 * valid; the SRI's own words for each state are in [`DocumentStatus::label`].
 */
export type DocumentStatus = "signed" | "sending" | "received" | "in_process" | "authorized" | "not_authorized" | "returned";

/**
 * The totals of a document.
 */
export type DocumentTotalsView = { 
/**
 * Σ quantity × price.
 */
gross: string, 
/**
 * Σ discounts (manual and promotions).
 */
discount: string, 
/**
 * Σ nets (subtotal without taxes).
 */
subtotal: string, groups: Array<TaxGroupView>, iva: string, total: string, };

/**
 * `/admin/ebilling/test`: the active certificate (if any) and the company's ambiente.
 */
export type EbillingSetupPage = { certificate: CertificateView | null, 
/**
 * `pruebas` or `produccion` (edited in Configuración → Empresa).
 */
environment: string, 
/**
 * Where the documents go when it is not the SRI itself (`pages::sri_target`).
 */
sriTarget: string | null, };

/**
 * An electronic nota de crédito and its SRI document.
 */
export type ElectronicCreditNoteView = { 
/**
 * `sri_documents.id` (codDoc 04).
 */
documentId: number | null, 
/**
 * Clave de acceso (49 digits).
 */
accessKey: string | null, 
/**
 * The SRI state in Spanish ("AUTORIZADO", "DEVUELTA: corrija y reenvíe"…).
 */
status: string, 
/**
 * The state's code (empty before the document exists).
 */
statusCode: DocumentStatus | "", 
/**
 * Still on its way to the SRI: the screen keeps asking.
 */
pending: boolean, authorizationNumber: string | null, 
/**
 * As the SRI wrote it.
 */
authorizationDate: string | null, 
/**
 * Why the last attempt did not go through (a communication failure, the day's limit…).
 */
lastError: string | null, 
/**
 * Every message of the SRI, oldest first (empty in the list).
 */
messages: Array<SriMessageView>, _id: number, number: string, date: string, saleId: number, saleNumber: string, clientName: string, reason: string, 
/**
 * `cash` (refunded from the shift) or `credit` (lowers the receivable).
 */
refund: string, user: string, lines: Array<CreditNoteLineView>, totals: DocumentTotalsView, total: string, };

/**
 * `/admin/ebilling/nota_de_credito`: the branch's electronic credit notes (same list as
 * `GET /api/ebilling/creditNote` with the page's query string).
 */
export type ElectronicCreditNotesPage = { list: Page<ElectronicCreditNoteView>, 
/**
 * Where the documents go when it is not the SRI itself (`pages::sri_target`).
 */
sriTarget: string | null, };

/**
 * `GET /api/ebilling/documents/{id}`.
 */
export type ElectronicDocumentDetailView = { messages: Array<SriMessageView>, _id: number, 
/**
 * `factura`, `notaCredito`, `guiaRemision` or `retencion`.
 */
type: string, 
/**
 * «Factura», «Nota de crédito», «Guía de remisión», «Comprobante de retención».
 */
typeName: string, 
/**
 * `001-002-000000123`.
 */
number: string, accessKey: string, 
/**
 * `fechaEmision`, `2026-11-21`.
 */
issueDate: string, 
/**
 * `pruebas` or `produccion`.
 */
environment: string, 
/**
 * Buyer's identification (first recipient's in a guía).
 */
clientId: string | null, clientName: string | null, 
/**
 * Decimal text; none for a guía.
 */
total: string | null, 
/**
 * Stored state.
 */
state: DocumentStatus, 
/**
 * The badge: firmado, enviando, recibida, en proceso, autorizado, no autorizado, devuelta.
 */
stateName: string, 
/**
 * A longer Spanish description of the state.
 */
stateDetail: string, authorizationNumber: string | null, 
/**
 * As the SRI sent it.
 */
authorizationDate: string | null, 
/**
 * Last failure to reach the SRI (Spanish).
 */
lastError: string | null, 
/**
 * When it was signed and queued (Ecuador time).
 */
createdAt: string, 
/**
 * Legal limit to get it authorized: 72 h after `createdAt` (Ecuador time).
 */
deadline: string, 
/**
 * `aTiempo`, `porVencer` (48 h or less left), `fueraDePlazo`; none once authorized.
 */
window: string | null, 
/**
 * EN PROCESO for more than a day.
 */
stalled: boolean, 
/**
 * Spanish warnings (window, EN PROCESO).
 */
warnings: Array<string>, 
/**
 * The sale that carries a factura (its «Corregir y reenviar» is
 * `POST /api/sales/invoice/{saleId}/resend`); filled by the list.
 */
saleId: number | null, };

/**
 * One electronic document of the list.
 */
export type ElectronicDocumentView = { _id: number, 
/**
 * `factura`, `notaCredito`, `guiaRemision` or `retencion`.
 */
type: string, 
/**
 * «Factura», «Nota de crédito», «Guía de remisión», «Comprobante de retención».
 */
typeName: string, 
/**
 * `001-002-000000123`.
 */
number: string, accessKey: string, 
/**
 * `fechaEmision`, `2026-11-21`.
 */
issueDate: string, 
/**
 * `pruebas` or `produccion`.
 */
environment: string, 
/**
 * Buyer's identification (first recipient's in a guía).
 */
clientId: string | null, clientName: string | null, 
/**
 * Decimal text; none for a guía.
 */
total: string | null, 
/**
 * Stored state.
 */
state: DocumentStatus, 
/**
 * The badge: firmado, enviando, recibida, en proceso, autorizado, no autorizado, devuelta.
 */
stateName: string, 
/**
 * A longer Spanish description of the state.
 */
stateDetail: string, authorizationNumber: string | null, 
/**
 * As the SRI sent it.
 */
authorizationDate: string | null, 
/**
 * Last failure to reach the SRI (Spanish).
 */
lastError: string | null, 
/**
 * When it was signed and queued (Ecuador time).
 */
createdAt: string, 
/**
 * Legal limit to get it authorized: 72 h after `createdAt` (Ecuador time).
 */
deadline: string, 
/**
 * `aTiempo`, `porVencer` (48 h or less left), `fueraDePlazo`; none once authorized.
 */
window: string | null, 
/**
 * EN PROCESO for more than a day.
 */
stalled: boolean, 
/**
 * Spanish warnings (window, EN PROCESO).
 */
warnings: Array<string>, 
/**
 * The sale that carries a factura (its «Corregir y reenviar» is
 * `POST /api/sales/invoice/{saleId}/resend`); filled by the list.
 */
saleId: number | null, };

/**
 * `/admin/ebilling`: the branch's electronic documents (same list as `GET /api/ebilling/documents`
 * with the page's query string).
 */
export type ElectronicDocumentsPage = { list: Page<ElectronicDocumentView>, 
/**
 * Where the documents go when it is not the SRI itself ([`sri_target`]).
 */
sriTarget: string | null, };

/**
 * An emission point in the form.
 */
export type EmissionPointBody = { code?: string | null, name?: string | null, };

/**
 * A point of emission of a branch.
 */
export type EmissionPointView = { code: string, name: string, active: boolean, };

/**
 * An expense's request.
 */
export type ExpenseBody = { idempotencyKey?: string | null, supplierId?: IdInput, documentNumber?: string | null, authorization?: string | null, date?: string | null, category?: string | null, description?: string | null, amount?: NumberInput, ivaCode?: string | null, payment?: PurchasePaymentBody | null, 
/**
 * The retención issued with the purchase (withholding agents).
 */
withholding?: WithholdingBody | null, };

/**
 * `/admin/compras/gastos`.
 */
export type ExpensesPage = { list: Page<PurchaseView>, form: PurchaseFormView, categories: Array<PurchaseOptionView>, };

/**
 * A warning about a saved field: the save went through, the user should look again.
 */
export type FieldWarningView = { field: string, message: string, };

/**
 * The «Mesas y zonas» page: every zone and table of the branch, and the shapes.
 */
export type FloorSetupPage = { zones: Array<ZoneView>, tables: Array<TableView>, shapes: Array<RestaurantOptionView>, 
/**
 * Size of the floor plan in plan units (x and y go from 0 to it).
 */
planSize: number, };

/**
 * Body of register and update.
 */
export type HolidayBody = { date?: string | null, name?: string | null, };

/**
 * A holiday.
 */
export type HolidayView = { _id: number, 
/**
 * ISO date (`2026-12-25`).
 */
date: string, name: string, locked: boolean, };

/**
 * The holidays page: the year shown and its holidays.
 */
export type HolidaysPage = { list: Page<HolidayView>, year: number, };

/**
 * A recent movement on the hub.
 */
export type HubMovementView = { productName: string, row: KardexRowView, };

/**
 * `{_id}` of `POST {base}/delete`: a number or numeric text.
 */
export type IdBody = { _id?: IdInput, };

/**
 * A record id field: a positive JSON integer or plain digits (`"12"`), or nothing.
 */
export type IdInput = number | string | null;

/**
 * The body.
 */
export type ImportBody = { accessKey?: string | null, as?: string | null, cellarId?: IdInput, mappings?: Array<MappingBody> | null, };

/**
 * `GET /api/inventory/upload/{id}`.
 */
export type ImportJobView = { _id: number, fileName: string, status: string, total: number, processed: number, created: number, updated: number, errors: Array<RowError>, };

/**
 * `{_id}` of a new job.
 */
export type ImportStarted = { _id: number, };

/**
 * An ingredient of a recipe with what the recipe needs and what is available
 * (`getIngredientsStock`).
 */
export type IngredientStockView = { ingredientId: number, code: string, name: string, unit: string, quantity: string, available: string, };

/**
 * Body of `getIngredientsStock`.
 */
export type IngredientsStockBody = { _id?: IdInput, 
/**
 * Count the stock in this warehouse of the branch only (the one a sale takes it from).
 */
cellarId?: IdInput, };

/**
 * The inventory hub: stock value of the branch, products below their minimum, last movements.
 */
export type InventoryHubView = { stockValue: string, products: number, lowStock: Array<StockRowView>, lastMovements: Array<HubMovementView>, };

/**
 * One message of the SRI. (Named `InvoiceSriMessageView` in TypeScript: the e-billing area has
 * its own `SriMessageView`, with the stage.)
 */
export type InvoiceSriMessageView = { 
/**
 * The SRI's code (35, 43, 60, 70…).
 */
identifier: string, message: string, additionalInfo: string | null, 
/**
 * ERROR, ADVERTENCIA, INFORMATIVO.
 */
kind: string, 
/**
 * `estado` of the answer (DEVUELTA, NO AUTORIZADO…).
 */
sriStatus: string, 
/**
 * Local date-time.
 */
date: string, };

/**
 * A factura: its sale and its SRI document. The RIDE is printed from
 * `/tickets/factura/{documentId}/A4SRI` and `/tickets/factura/{documentId}/Ticket80`.
 */
export type InvoiceView = { 
/**
 * `sri_documents.id`.
 */
documentId: number | null, 
/**
 * Clave de acceso (49 digits).
 */
accessKey: string | null, 
/**
 * The SRI state in Spanish ("AUTORIZADO", "DEVUELTA: corrija y reenvíe"…).
 */
status: string, 
/**
 * The state's code (empty before the document exists).
 */
statusCode: DocumentStatus | "", 
/**
 * Still on its way to the SRI: the screen keeps asking.
 */
pending: boolean, 
/**
 * DEVUELTA or NO AUTORIZADO: may be corrected and resent.
 */
correctable: boolean, authorizationNumber: string | null, 
/**
 * As the SRI wrote it.
 */
authorizationDate: string | null, 
/**
 * Why the last attempt did not go through (a communication failure, the day's limit…).
 */
lastError: string | null, 
/**
 * Every message of the SRI, oldest first.
 */
messages: Array<InvoiceSriMessageView>, _id: number, 
/**
 * `estab-ptoEmi-secuencial`.
 */
number: string, 
/**
 * Local date-time (Ecuador).
 */
date: string, client: SaleClientView, cellarId: number, 
/**
 * Who sold.
 */
user: string, lines: Array<SaleLineView>, payments: Array<PaymentView>, totals: DocumentTotalsView, total: string, 
/**
 * Change handed back for cash.
 */
change: string, note: string | null, 
/**
 * Σ of the credit notes issued against it.
 */
credited: string, 
/**
 * The quote it was converted from, if any.
 */
quoteId: number | null, };

/**
 * One item of a round.
 */
export type ItemBody = { productId?: IdInput, quantity?: NumberInput, notes?: string | null, modifiers?: Array<string> | null, };

/**
 * An order item in the kitchen, in its order; `anulado` when voided.
 */
export type ItemState = "pendiente" | "preparando" | "listo" | "entregado" | "anulado";

/**
 * `POST /api/restaurant/order/{id}/items`.
 */
export type ItemsBody = { items?: Array<ItemBody> | null, };

/**
 * `POST /api/restaurant/order/{id}/join`.
 */
export type JoinBody = { orderId?: IdInput, };

/**
 * The source document of a kardex row.
 */
export type KardexDocumentView = { type: string, _id: number | null, number: string | null, };

/**
 * A product found by the kardex's search.
 */
export type KardexMatchView = { _id: number, code: string, name: string, };

/**
 * The balance before the range.
 */
export type KardexOpeningView = { balanceQuantity: string, averageCost: string, balanceValue: string, };

/**
 * The kardex page: the branch's warehouses, the chosen product and its kardex.
 */
export type KardexPage = { cellars: Array<CellarOptionView>, product: ProductView | null, kardex: KardexView | null, 
/**
 * The products a `search` (code, barcode or part of the name) matched when it did not
 * name exactly one (at most 20).
 */
matches: Array<KardexMatchView>, };

/**
 * One kardex row (`{_id, date, type, document, quantityIn, …, user}`).
 */
export type KardexRowView = { _id: number, 
/**
 * When the row was recorded: ISO date and time with the company's offset
 * (`2026-11-26T10:24:00-05:00`).
 */
date: string, 
/**
 * The source document's own date (`2026-11-25`) when it is not the day the row was
 * recorded (a purchase dated earlier); `null` otherwise.
 */
documentDate: string | null, type: string, document: KardexDocumentView, cellarId: number, 
/**
 * The warehouse's name (the kardex of all the branch's warehouses shows it per row).
 */
cellarName: string, quantityIn: string, quantityOut: string, unitCost: string, totalCost: string, balanceQuantity: string, averageCost: string, balanceValue: string, 
/**
 * The balance of every warehouse of the selection after this row (equal to
 * `balanceQuantity` for one warehouse; for «Todas las de la sucursal», the branch's, since
 * `balanceQuantity` is the row's own warehouse's); `null` where there is no running order
 * (the hub's latest movements).
 */
branchBalance: string | null, user: string | null, };

/**
 * `GET /api/inventory/kardex`: `{opening, results}`, oldest first, with the page counters.
 */
export type KardexView = { opening: KardexOpeningView, results: Array<KardexRowView>, total: number, page: number, limit: number, };

/**
 * An item on a kitchen ticket.
 */
export type KitchenItemView = { _id: number, name: string, quantity: string, notes: string | null, modifiers: Array<string>, 
/**
 * As [`OrderItemView`]'s.
 */
state: ItemState, station: string, voidReason: string | null, };

/**
 * A kitchen ticket: one round of one order.
 */
export type KitchenTicketView = { orderId: number, number: number, 
/**
 * The table's name (`null` for express and delivery orders).
 */
table: string | null, 
/**
 * `table`, `express` or `delivery`.
 */
kind: "table" | "express" | "delivery", round: number, sentAt: string, items: Array<KitchenItemView>, };

/**
 * `GET /api/purchases/merchandise/lastCost?productId=`: what the product cost the last time it
 * was bought, for a new purchase line to start from (both null when it never was).
 */
export type LastCostView = { productId: number, unitCost: string | null, 
/**
 * The date of that purchase (`YYYY-MM-DD`).
 */
date: string | null, };

/**
 * A problem of an upload: the report's line (or the ZIP's entry) and the message.
 */
export type LectorErrorView = { line: number, message: string, };

/**
 * The Lector .SRI page: the warehouses an import may bring stock into (default first) and the
 * remembered mappings.
 */
export type LectorPage = { cellars: Array<CellarOptionView>, mappings: Array<SupplierMappingView>, };

/**
 * `POST /api/tools/lector/upload` (200 when everything was read; 202 while the SRI is still
 * being asked) and `GET /api/tools/lector/upload/{_id}` (the job's progress).
 */
export type LectorUploadView = { 
/**
 * The job that asks the SRI for the report's documents; none when nothing had to be asked.
 */
_id: number | null, 
/**
 * `running` (the SRI is being asked), `done` or `failed`.
 */
status: string, 
/**
 * Access keys of the upload (its XML files and its report's rows).
 */
total: number, 
/**
 * Keys already answered.
 */
processed: number, 
/**
 * Documents read among them.
 */
documentsTotal: number, 
/**
 * The documents read, in the upload's order: the first ones, once the job is done.
 */
documents: Array<ReceivedDocumentView>, 
/**
 * Problems of the upload, by line: the first ones.
 */
errors: Array<LectorErrorView>, 
/**
 * Every problem, also those not listed.
 */
errorsTotal: number, };

/**
 * The company's licence as admins see it.
 */
export type LicenceView = { plan: string | null, 
/**
 * ISO date of the last valid day.
 */
validUntil: string | null, usersAllowed: number | null, usersActive: number, 
/**
 * Whether the company is read-only (expired or no licence).
 */
expired: boolean, 
/**
 * Days left including today (0 when expired).
 */
daysLeft: number, };

/**
 * The data of a plain list page: one page of the list, as the list API answers it (the pages of
 * `controllers::catalogues`).
 */
export type ListPage<V> = { list: Page<V>, };

/**
 * Credentials.
 */
export type LoginBody = { email?: string | null, password?: string | null, };

/**
 * The sign-in page: why the visitor is here, and (after a failed no-JavaScript sign-in) the
 * e-mail typed and the error.
 */
export type LoginPage = { email?: string, error?: string, notice?: string, 
/**
 * The visitor was sent here from a guarded page.
 */
authRequired?: boolean, };

/**
 * A stock row below its product's minimum.
 */
export type LowStockView = { productId: number, code: string, name: string, cellar: string, quantity: string, minStock: string, };

/**
 * A manual purchase's request.
 */
export type ManualBody = { idempotencyKey?: string | null, supplierId?: IdInput, documentNumber?: string | null, authorization?: string | null, date?: string | null, lines?: Array<ManualLineBody> | null, payment?: PurchasePaymentBody | null, 
/**
 * The retención issued with the purchase (withholding agents).
 */
withholding?: WithholdingBody | null, };

/**
 * A free-text line.
 */
export type ManualLineBody = { description?: string | null, quantity?: NumberInput, unitCost?: NumberInput, discount?: NumberInput, ivaCode?: string | null, };

/**
 * `/admin/compras/manual`.
 */
export type ManualPurchasesPage = { list: Page<PurchaseView>, form: PurchaseFormView, };

/**
 * `{supplierCode, productId}`.
 */
export type MappingBody = { supplierCode?: string | null, productId?: IdInput, };

/**
 * The request.
 */
export type MerchandiseBody = { idempotencyKey?: string | null, supplierId?: IdInput, documentNumber?: string | null, authorization?: string | null, date?: string | null, cellarId?: IdInput, lines?: Array<MerchandiseLineBody> | null, payment?: PurchasePaymentBody | null, 
/**
 * The retención issued with the purchase (withholding agents).
 */
withholding?: WithholdingBody | null, };

/**
 * A line of the request.
 */
export type MerchandiseLineBody = { productId?: IdInput, quantity?: NumberInput, unitCost?: NumberInput, discount?: NumberInput, ivaCode?: string | null, };

/**
 * `/admin/compras/mercaderia`.
 */
export type MerchandisePage = { list: Page<PurchaseView>, form: PurchaseFormView, cellars: Array<CellarOptionView>, };

/**
 * A confirmation for the user (`{message}`), e.g. after a delete or a sign-out.
 */
export type MessageResponse = { message: string, };

/**
 * Sales of one payment method.
 */
export type MethodTotalView = { method: string, label: string, amount: string, };

/**
 * `POST /api/restaurant/order/{id}/move`.
 */
export type MoveBody = { tableId?: IdInput, };

/**
 * Body of a cash in or out.
 */
export type MovementBody = { type?: string | null, amount?: NumberInput, reason?: string | null, };

/**
 * Body of register and preview: the command as the POS sends it, checked by [`prepare`].
 */
export type NoteBody = { idempotencyKey?: string | null, clientId?: IdInput, cellarId?: IdInput, lines?: Array<SaleLineBody> | null, payments?: Array<SalePaymentBody> | null, note?: string | null, 
/**
 * The quote the POS was filled from ("Convertir en venta").
 */
quoteId?: IdInput, 
/**
 * Factura only: `campoAdicional` `{name, value}` pairs (Email, Teléfono…).
 */
additionalInfo?: Array<AdditionalInfoBody> | null, };

/**
 * A decimal (or whole number) field: text with a decimal point or comma (`"1.25"`, `"1,25"`), a
 * whole JSON number, or nothing. Read with [`NumberInput::micros`], [`NumberInput::money`] or
 * [`NumberInput::whole`].
 */
export type NumberInput = string | number | null;

/**
 * `POST /api/restaurant/order/open`.
 */
export type OpenOrderBody = { tableId?: IdInput, kind?: string | null, clientId?: IdInput, delivery?: DeliveryBody | null, };

/**
 * An open shift on the dashboard.
 */
export type OpenShiftView = { turnId: number, register: string, user: string, openedAt: string, 
/**
 * Absent for the cashier (blind count).
 */
expected: string | null, };

/**
 * Body of open.
 */
export type OpenTurnBody = { cashRegisterId?: IdInput, openingAmount?: NumberInput, };

/**
 * Body of an operation.
 */
export type OperationBody = { type?: string | null, amount?: NumberInput, commission?: NumberInput, transactionNumber?: string | null, controlNumber?: string | null, reference?: string | null, };

/**
 * A choice of the product form's selectors.
 */
export type OptionView = { value: string, label: string, };

/**
 * An item of an order.
 */
export type OrderItemView = { _id: number, productId: number, name: string, 
/**
 * Decimal text.
 */
quantity: string, notes: string | null, modifiers: Array<string>, 
/**
 * Kitchen station (`cocina`, `bar`…): its product's category's.
 */
station: string, round: number, 
/**
 * `pendiente`, `preparando`, `listo`, `entregado` or `anulado`.
 */
state: ItemState, voidReason: string | null, 
/**
 * The sale that billed it (`null` while unbilled).
 */
saleId: number | null, sentAt: string, };

/**
 * A restaurant order: open until billed (or cancelled).
 */
export type OrderState = "open" | "billed" | "cancelled";

/**
 * `POST /api/restaurant/order/{id}/item/{itemId}/state`.
 */
export type OrderStateBody = { state?: string | null, };

/**
 * An order with its items.
 */
export type OrderView = { _id: number, 
/**
 * The number called at the counter (per company).
 */
number: number, 
/**
 * `table`, `express` or `delivery`.
 */
kind: "table" | "express" | "delivery", tableId: number | null, tableName: string | null, clientId: number | null, delivery: DeliveryView | null, 
/**
 * `open`, `billed` or `cancelled`.
 */
state: OrderState, billRequested: boolean, rounds: number, openedAt: string, closedAt: string | null, 
/**
 * Items not billed yet and not voided.
 */
toBill: number, items: Array<OrderItemView>, };

/**
 * One page of a list, as every list endpoint answers it.
 */
export type Page<T> = { results: Array<T>, total: number, page: number, limit: number, };

/**
 * `{method: "cash"|"bank", amount, bankAccountId?}`.
 */
export type PayBody = { method?: string | null, amount?: NumberInput, bankAccountId?: IdInput, };

/**
 * A payment on a payable.
 */
export type PayablePaymentView = { _id: number, 
/**
 * `cash` or `bank`.
 */
method: string, amount: string, bankAccountId: number | null, turnId: number | null, createdAt: string, };

/**
 * A payable to a supplier on a given day.
 */
export type PayableStatus = "pendiente" | "parcial" | "pagada" | "vencida" | "anulada";

/**
 * A payable.
 */
export type PayableView = { _id: number, supplierId: number, supplierName: string, purchaseId: number, documentNumber: string | null, amount: string, paid: string, balance: string, issueDate: string, dueDate: string, status: PayableStatus, payments: Array<PayablePaymentView>, };

/**
 * `/admin/compras/cuentasPorPagar`: the payables (filters `supplierId`, `status=open`,
 * `overdue=true`), the suppliers to filter by, and the bank accounts a payment may come from.
 */
export type PayablesPage = { list: Page<PayableView>, suppliers: Array<SupplierOptionView>, bankAccounts: Array<BankOptionView>, };

/**
 * How a sale is paid. Exported to the UI as `PaymentMethod`, with [`Method::ALL`] and their
 * labels as `PAYMENT_METHODS`, so the POS never copies the table by hand.
 */
export type PaymentMethod = "cash" | "card" | "debit" | "transfer" | "credit";

/**
 * A payment of a sale.
 */
export type PaymentView = { 
/**
 * `cash`, `card`, `transfer` or `credit`.
 */
method: string, 
/**
 * "Efectivo", "Tarjeta", "Transferencia", "Crédito".
 */
label: string, amount: string, 
/**
 * Cash handed over (cash only).
 */
received: string | null, reference: string | null, bankAccountId: number | null, 
/**
 * Due date of a credit (`YYYY-MM-DD`).
 */
dueDate: string | null, };

/**
 * `/admin/ventas/notaventa`: what the POS needs before the first scan.
 */
export type PosPage = { 
/**
 * The client of a sale until another is chosen.
 */
finalConsumer: SaleClientView, 
/**
 * Whether the user has an open shift (cash, card and transfer sales need one).
 */
hasOpenTurn: boolean, bankAccounts: Array<BankOptionView>, 
/**
 * Admin and user may sell at another price.
 */
canChangePrice: boolean, 
/**
 * The cashier's «Descuento máximo del cajero (%)» (`"0"`: no manual discounts); `None` for
 * admin and user, who discount freely.
 */
maxDiscount: string | null, 
/**
 * Where facturas go when it is not the SRI itself (`ebilling::pages::sri_target`).
 */
sriTarget: string | null, };

/**
 * A line of the preview: the line and whether it sells below the branch average cost.
 */
export type PreviewLineView = { 
/**
 * Sold below the average cost (a warning, not a refusal).
 */
belowCost: boolean, productId: number, code: string, name: string, unit: string, quantity: string, unitPrice: string, 
/**
 * The manual discount.
 */
discount: string, 
/**
 * The promotion the server applied, if any.
 */
promotion: PromotionAppliedView | null, ivaCode: string, ivaRate: number, 
/**
 * quantity × unit price, rounded to the cent (before discounts).
 */
gross: string, 
/**
 * gross − discounts: the line's amount without IVA, the one every screen and printout shows
 * beside the line. The lines' nets add up to the bases of the IVA groups, and IVA is
 * charged on each group's base (the SRI's rule), so there is no per-line total with IVA: it
 * would not add up to the document's total.
 */
net: string, 
/**
 * The line's own IVA, rounded (the SRI XML's per-line `valor`); the document's IVA per rate
 * is in the totals' groups.
 */
iva: string, 
/**
 * The id of the stored line (credit notes point at it); `null` in a preview.
 */
lineId: number | null, };

/**
 * `POST /api/restaurant/order/{id}/price`: what a bill of the order (or of `itemIds`) would
 * charge.
 */
export type PriceBody = { documentType?: string | null, clientId?: IdInput, itemIds?: Array<IdInput> | null, };

/**
 * Body of register and update.
 */
export type ProductBody = { code?: string | null, barcodes?: Array<string> | null, name?: string | null, description?: string | null, categoryId?: IdInput, unit?: string | null, ivaCode?: string | null, price?: NumberInput, price2?: NumberInput, price3?: NumberInput, 
/**
 * `true` when `price`, `price2` and `price3` are prices with IVA (PVP): the server stores
 * their base to 6 decimals at the product's IVA rate ([`Money::base_of_pvp`]).
 */
priceIncludesIva?: boolean | null, minStock?: NumberInput, kind?: string | null, recipe?: Array<RecipeBody> | null, active?: boolean | null, };

/**
 * A product with its stock per warehouse of the branch (`getByBarcode`, `getProductByID`).
 */
export type ProductDetailView = { stocks: Array<ProductStockView>, _id: number, code: string, barcodes: Array<string>, name: string, description: string | null, categoryId: number | null, unit: string, ivaCode: string, 
/**
 * Sale price without IVA (the base the SRI needs, up to 6 decimals).
 */
price: string, 
/**
 * The price with IVA (PVP) of `price` for one unit, as the POS charges it: the base rounded
 * to cents plus its IVA at the product's rate (none for a negocio popular), 2 decimals.
 * Register and update take prices with IVA as well: with `priceIncludesIva: true` in the
 * body, `price`, `price2` and `price3` are PVPs and the server stores their bases.
 */
pvp: string, 
/**
 * Mayorista.
 */
price2: string | null, 
/**
 * Distribuidor.
 */
price3: string | null, minStock: string, kind: string, recipe: Array<RecipeLineView>, active: boolean, locked: boolean, 
/**
 * Stock in the selected branch's warehouses.
 */
stock: string, 
/**
 * When the picture last changed (ms since 1970), `null` without one: the picture is at
 * `/api/item/{_id}/image?v={imageVersion}`.
 */
imageVersion: number | null, };

/**
 * The answer of creating or updating a product: the product and the warnings about it (a price
 * below the branch average cost, [`crate::services::sales::below_cost`]).
 */
export type ProductSavedView = { warnings: Array<FieldWarningView>, _id: number, code: string, barcodes: Array<string>, name: string, description: string | null, categoryId: number | null, unit: string, ivaCode: string, 
/**
 * Sale price without IVA (the base the SRI needs, up to 6 decimals).
 */
price: string, 
/**
 * The price with IVA (PVP) of `price` for one unit, as the POS charges it: the base rounded
 * to cents plus its IVA at the product's rate (none for a negocio popular), 2 decimals.
 * Register and update take prices with IVA as well: with `priceIncludesIva: true` in the
 * body, `price`, `price2` and `price3` are PVPs and the server stores their bases.
 */
pvp: string, 
/**
 * Mayorista.
 */
price2: string | null, 
/**
 * Distribuidor.
 */
price3: string | null, minStock: string, kind: string, recipe: Array<RecipeLineView>, active: boolean, locked: boolean, 
/**
 * Stock in the selected branch's warehouses.
 */
stock: string, 
/**
 * When the picture last changed (ms since 1970), `null` without one: the picture is at
 * `/api/item/{_id}/image?v={imageVersion}`.
 */
imageVersion: number | null, };

/**
 * Stock of a product in one warehouse of the branch (`getStocks`, `getByBarcode`).
 */
export type ProductStockView = { productId: number, cellarId: number, cellarName: string, quantity: string, averageCost: string, };

/**
 * A product.
 */
export type ProductView = { _id: number, code: string, barcodes: Array<string>, name: string, description: string | null, categoryId: number | null, unit: string, ivaCode: string, 
/**
 * Sale price without IVA (the base the SRI needs, up to 6 decimals).
 */
price: string, 
/**
 * The price with IVA (PVP) of `price` for one unit, as the POS charges it: the base rounded
 * to cents plus its IVA at the product's rate (none for a negocio popular), 2 decimals.
 * Register and update take prices with IVA as well: with `priceIncludesIva: true` in the
 * body, `price`, `price2` and `price3` are PVPs and the server stores their bases.
 */
pvp: string, 
/**
 * Mayorista.
 */
price2: string | null, 
/**
 * Distribuidor.
 */
price3: string | null, minStock: string, kind: string, recipe: Array<RecipeLineView>, active: boolean, locked: boolean, 
/**
 * Stock in the selected branch's warehouses.
 */
stock: string, 
/**
 * When the picture last changed (ms since 1970), `null` without one: the picture is at
 * `/api/item/{_id}/image?v={imageVersion}`.
 */
imageVersion: number | null, };

/**
 * The products page: one page of the list and the form's choices.
 */
export type ProductsPage = { list: Page<ProductView>, categories: Array<CategoryView>, units: Array<string>, ivaCodes: Array<OptionView>, kinds: Array<OptionView>, 
/**
 * The branch average cost of the listed products that have one, by `_id`: the form warns
 * as a price is typed below it (the server says it again on save).
 */
averageCosts: { [key in number]: string }, 
/**
 * The IVA percent the POS charges for each IVA code (all 0 for a negocio popular): the
 * form's «Precio con IVA (PVP)» computes the base with it as the server does.
 */
ivaPercents: { [key in string]: number }, };

/**
 * A promotion on a line.
 */
export type PromotionAppliedView = { _id: number, name: string, discount: string, };

/**
 * Body of register and update.
 */
export type PromotionBody = { name?: string | null, kind?: string | null, value?: NumberInput, buyN?: NumberInput, payM?: NumberInput, target?: string | null, categoryId?: IdInput, productIds?: Array<number | string> | null, startsOn?: string | null, endsOn?: string | null, weekdays?: string | null, timeFrom?: string | null, timeTo?: string | null, active?: boolean | null, };

/**
 * A product of a promotion (for the product picker).
 */
export type PromotionProductView = { _id: number, code: string, name: string, };

/**
 * A promotion. `value` is a decimal string: the percentage (`"10.00"` is 10 %) or the dollars
 * off per unit; `"0.00"` for "lleve N pague M", which uses `buyN`/`payM` (null otherwise).
 */
export type PromotionView = { _id: number, name: string, 
/**
 * `percent`, `fixed` or `buy_n_pay_m`.
 */
kind: string, value: string, buyN: number | null, payM: number | null, 
/**
 * `products` or `category`.
 */
target: string, categoryId: number | null, categoryName: string | null, productIds: Array<number>, 
/**
 * The products of `productIds`, in the same order.
 */
products: Array<PromotionProductView>, 
/**
 * `YYYY-MM-DD`.
 */
startsOn: string, endsOn: string | null, 
/**
 * ISO weekday digits, Monday = 1 (`"12345"`).
 */
weekdays: string, 
/**
 * `HH:MM`, Ecuador time (both or neither).
 */
timeFrom: string | null, timeTo: string | null, active: boolean, locked: boolean, };

/**
 * The promotions page: one page of the list and the company's categories (for the selector).
 */
export type PromotionsPage = { list: Page<PromotionView>, categories: Array<CategoryView>, };

/**
 * What every purchase form chooses from: bank accounts, IVA codes, today's date (the company's).
 */
export type PurchaseFormView = { bankAccounts: Array<BankOptionView>, ivaCodes: Array<PurchaseIvaView>, 
/**
 * `AAAA-MM-DD` in the company's zone.
 */
today: string, };

/**
 * An IVA code a purchase line may carry, with the percent the totals charge.
 */
export type PurchaseIvaView = { code: string, label: string, percent: number, };

/**
 * A line of a purchase.
 */
export type PurchaseLineView = { productId: number | null, description: string, quantity: string, unitCost: string, discount: string, ivaCode: string, 
/**
 * Quantity × unit cost − discount.
 */
net: string, 
/**
 * The unit cost the stock came in at (net of the discount).
 */
stockCost: string, };

/**
 * A code and its Spanish name (expense categories).
 */
export type PurchaseOptionView = { value: string, label: string, };

/**
 * `payment: {method: "cash"|"bank"|"credit", bankAccountId?}`.
 */
export type PurchasePaymentBody = { method?: string | null, bankAccountId?: IdInput, };

/**
 * The base and IVA of one rate.
 */
export type PurchaseTaxView = { ivaCode: string, label: string, base: string, value: string, };

/**
 * A purchase.
 */
export type PurchaseView = { _id: number, 
/**
 * `merchandise`, `expense` or `manual`.
 */
kind: string, supplierId: number, supplierName: string, documentNumber: string | null, authorization: string | null, 
/**
 * `AAAA-MM-DD`.
 */
date: string, cellarId: number | null, category: string | null, lines: Array<PurchaseLineView>, taxes: Array<PurchaseTaxView>, subtotal: string, discount: string, iva: string, total: string, 
/**
 * `cash`, `bank` or `credit`.
 */
paymentMethod: string, bankAccountId: number | null, turnId: number | null, payableId: number | null, 
/**
 * The retención issued on it that is not annulled (a withholding agent's).
 */
withholding: PurchaseWithholdingView | null, cancelled: boolean, cancelReason: string | null, cancelledAt: string | null, createdAt: string, };

/**
 * The live retención of a purchase, in the purchase's view.
 */
export type PurchaseWithholdingView = { _id: number, 
/**
 * `estab-ptoEmi-secuencial`.
 */
number: string, 
/**
 * Clave de acceso (49 digits).
 */
accessKey: string, 
/**
 * The amount withheld.
 */
total: string, };

/**
 * Body of register.
 */
export type QuoteBody = { clientId?: IdInput, lines?: Array<SaleLineBody> | null, validUntil?: string | null, note?: string | null, };

/**
 * The printable quote on A4 (`/tickets/quoter/A4PDF?id={id}`).
 */
export type QuotePrint = { header: TicketHeader, 
/**
 * `null` when the link names no quote (no `?id=`).
 */
quote: QuoteView | null, printedAt: string, };

/**
 * A row of the quotes list.
 */
export type QuoteRowView = { _id: number, number: number, date: string, validUntil: string, clientName: string, total: string, state: QuoteState, saleId: number | null, saleNumber: string | null, };

/**
 * A quote: `convertida` once it became a sale, `vencida` after its validity date, else
 * `vigente`.
 */
export type QuoteState = "vigente" | "vencida" | "convertida";

/**
 * `GET /api/sales/quoter/{id}/getStock`: a line of the quote and the stock of its product in the
 * branch's default warehouse.
 */
export type QuoteStockView = { productId: number, code: string, name: string, 
/**
 * Quoted quantity.
 */
quantity: string, 
/**
 * Available now.
 */
stock: string, };

/**
 * A stored quote.
 */
export type QuoteView = { _id: number, 
/**
 * Consecutive per branch.
 */
number: number, 
/**
 * Local date-time (Ecuador).
 */
date: string, 
/**
 * `YYYY-MM-DD`.
 */
validUntil: string, client: SaleClientView, lines: Array<SaleLineView>, totals: DocumentTotalsView, total: string, note: string | null, 
/**
 * Who quoted.
 */
user: string, state: QuoteState, 
/**
 * The sale it became (`convertida`).
 */
saleId: number | null, saleNumber: string | null, };

/**
 * `/admin/ventas/cotizador`: the branch's quotes.
 */
export type QuotesPage = { list: Page<QuoteRowView>, };

/**
 * Printouts of the area (receipt 80 mm and A4, statement A4): the issuer's header and the
 * document.
 */
export type ReceiptPrint = { header: TicketHeader, receipt: ReceiptView, printedAt: string, };

/**
 * A collection receipt (`POST /api/cxc/collect`, its reversal, its printout).
 */
export type ReceiptView = { _id: number, 
/**
 * Numbered per company, gapless.
 */
number: number, date: string, client: ClientRefView, 
/**
 * cash, transfer, card or cheque.
 */
method: string, 
/**
 * Money received.
 */
amount: string, 
/**
 * Allocated to receivables (money plus credit used).
 */
applied: string, 
/**
 * Earlier credit (saldo a favor) this receipt used.
 */
creditUsed: string, 
/**
 * Money left over, kept as the client's credit.
 */
leftOver: string, bankAccountId: number | null, reference: string | null, allocations: Array<AllocationView>, 
/**
 * The client's credit (saldo a favor) now.
 */
remainingCredit: string, 
/**
 * What the client still owes now.
 */
outstanding: string, user: string, reversed: boolean, reversedAt: string | null, reversalReason: string | null, };

/**
 * `GET /api/cxc/{id}`: a receivable with its payments.
 */
export type ReceivableDetailView = { payments: Array<ReceivablePaymentView>, _id: number, clientId: number, clientName: string, saleId: number, 
/**
 * The sale's number (`001-001-000000123`).
 */
document: string, 
/**
 * `AAAA-MM-DD` (company's day).
 */
issueDate: string, dueDate: string, amount: string, 
/**
 * amount − balance (collections and credit notes).
 */
paid: string, balance: string, status: ReceivableStatus, 
/**
 * Days past the due date (0 when not due or paid).
 */
daysOverdue: number, };

/**
 * One payment of a receivable: the part of a receipt allocated to it.
 */
export type ReceivablePaymentView = { receiptId: number, number: number, 
/**
 * ISO date-time with the company's offset.
 */
date: string, method: string, 
/**
 * What of the receipt went to this receivable.
 */
amount: string, receiptAmount: string, reference: string | null, reversed: boolean, reversedAt: string | null, reversalReason: string | null, };

/**
 * A receivable on a given day.
 */
export type ReceivableStatus = "pendiente" | "parcial" | "pagada" | "vencida";

/**
 * A receivable of the list.
 */
export type ReceivableView = { _id: number, clientId: number, clientName: string, saleId: number, 
/**
 * The sale's number (`001-001-000000123`).
 */
document: string, 
/**
 * `AAAA-MM-DD` (company's day).
 */
issueDate: string, dueDate: string, amount: string, 
/**
 * amount − balance (collections and credit notes).
 */
paid: string, balance: string, status: ReceivableStatus, 
/**
 * Days past the due date (0 when not due or paid).
 */
daysOverdue: number, };

/**
 * `/admin/cxc/listaCxC`.
 */
export type ReceivablesPage = { list: Page<ReceivableView>, };

/**
 * A received document.
 */
export type ReceivedDocumentView = { accessKey: string, issuerRuc: string, issuerName: string, 
/**
 * "Factura", "Nota de crédito"…
 */
type: string, 
/**
 * `001-001-000000123`.
 */
number: string, 
/**
 * `AAAA-MM-DD`.
 */
date: string, total: string, 
/**
 * Already imported as a purchase.
 */
imported: boolean, lines: Array<ReceivedLineView>, };

/**
 * A line of a received document, for mapping its supplier code.
 */
export type ReceivedLineView = { 
/**
 * The supplier's product code.
 */
supplierCode: string, description: string, quantity: string, unitCost: string, 
/**
 * The company's product the code is mapped to, if it is.
 */
productId: number | null, };

/**
 * A recipe line of the body.
 */
export type RecipeBody = { ingredientId?: IdInput, quantity?: NumberInput, };

/**
 * A recipe line, with the ingredient's code, name and unit so the editor shows what it is.
 */
export type RecipeLineView = { ingredientId: number, code: string, name: string, unit: string, quantity: string, };

/**
 * A destinatario.
 */
export type RecipientBody = { idType?: string | null, identification?: string | null, name?: string | null, address?: string | null, reason?: string | null, route?: string | null, destinationEstablishment?: string | null, 
/**
 * Where the authorized guía is e-mailed (optional).
 */
email?: string | null, lines?: Array<RemissionGuideLineBody> | null, };

/**
 * A withdrawal refused to a cashier counting blind.
 */
export type RefusedWithdrawalView = { amount: string, reason: string, userId: number, createdAt: string, };

/**
 * The request body (camelCase): `{transferId?, originAddress?, carrier: {idType,
 * identification, name}, plate, startDate, endDate, recipients: [{idType, identification, name,
 * address, reason, route?, destinationEstablishment?, email?, lines: [{productId | code +
 * description, quantity}]}]}`. A recipient's `email` (optional) receives the authorized guía
 * ([`crate::services::ebilling::mail`]). With `transferId`, `recipients` is left out and the carrier, plate, dates and
 * origin default to what the transfer recorded.
 */
export type RemissionGuideBody = { transferId?: IdInput, originAddress?: string | null, carrier?: CarrierBody | null, plate?: string | null, startDate?: string | null, endDate?: string | null, recipients?: Array<RecipientBody> | null, };

/**
 * What travels: a product of the company, or a free code and description.
 */
export type RemissionGuideLineBody = { productId?: IdInput, code?: string | null, description?: string | null, quantity?: NumberInput, };

/**
 * One line of a guía.
 */
export type RemissionGuideLineView = { 
/**
 * Index of the recipient (0-based) the line travels to.
 */
recipient: number, productId: number | null, code: string | null, description: string, 
/**
 * Decimal text.
 */
quantity: string, };

/**
 * A guía with its SRI state.
 */
export type RemissionGuideView = { _id: number, 
/**
 * `001-001-000000001`.
 */
number: string, transferId: number | null, 
/**
 * The transfer's number in its branch.
 */
transferNumber: number | null, carrierName: string, carrierIdentification: string, plate: string, startDate: string, endDate: string, user: string, 
/**
 * Ecuador time.
 */
createdAt: string, 
/**
 * The document in the SRI queue (`/api/ebilling/documents/{documentId}`).
 */
documentId: number, accessKey: string, 
/**
 * Stored SRI state.
 */
state: DocumentStatus, 
/**
 * The Spanish badge (firmado, …, autorizado).
 */
stateName: string, document: ElectronicDocumentView, lines: Array<RemissionGuideLineView>, 
/**
 * The SRI's messages (only in the detail; empty in the list).
 */
messages: Array<SriMessageView>, };

/**
 * `/admin/ebilling/guiaDeRemision`: the branch's recent guías and recent transfers to document.
 */
export type RemissionGuidesPage = { list: Page<RemissionGuideView>, 
/**
 * Recent transfers of the branch without an electronic guía.
 */
transfers: Array<TransferChoiceView>, 
/**
 * Today in Ecuador (`AAAA-MM-DD`), the earliest start date.
 */
today: string, 
/**
 * The branch's address, the default origin.
 */
originAddress: string, 
/**
 * Where the documents go when it is not the SRI itself (`pages::sri_target`).
 */
sriTarget: string | null, };

/**
 * `GET /api/reports/dashboard`.
 */
export type ReportsDashboardView = { 
/**
 * `false` for a cashier: only their own shift.
 */
full: boolean, today: ComparisonView | null, month: ComparisonView | null, shifts: Array<OpenShiftView>, lowStock: Array<LowStockView>, 
/**
 * Sales per day against the 30 days before, per hour today, by payment method and the top
 * products, as server-drawn SVG with their figures (none for a cashier).
 */
charts: Array<ChartView>, };

/**
 * The reports page (`/admin/reportes`): the sales report of the query, the top products, slow
 * movers and the stock report.
 */
export type ReportsPage = { sales: SalesReportView, top: SalesReportView, slow: SlowReportView, stock: StockReportView, };

/**
 * `POST /api/auth/resend-verification` body.
 */
export type ResendBody = { email?: string | null, };

/**
 * Body of register and update: `{clientName, phone, date: "AAAA-MM-DD", time: "HH:MM",
 * durationMinutes?, people, tableIds, notes?}`.
 */
export type ReservationBody = { clientName?: string | null, phone?: string | null, date?: string | null, time?: string | null, durationMinutes?: NumberInput, people?: NumberInput, tableIds?: Array<number | string> | null, notes?: string | null, };

/**
 * A reservation: `reservada` → `llego` → `finalizada`; `reservada` → `no_llego` or
 * `cancelada`; `llego` → `cancelada` too.
 */
export type ReservationState = "reservada" | "llego" | "finalizada" | "no_llego" | "cancelada";

/**
 * Body of `POST /api/restaurant/reservation/{id}/state`.
 */
export type ReservationStateBody = { state?: string | null, };

/**
 * A reservation: `date` (AAAA-MM-DD) and `time` (HH:MM) local, `startsAt`/`endsAt` ISO;
 * `state` reservada, llego, finalizada, no_llego or cancelada, with its Spanish `stateLabel`.
 */
export type ReservationView = { _id: number, clientName: string, phone: string, date: string, time: string, durationMinutes: number, startsAt: string, endsAt: string, people: number, tableIds: Array<number>, tables: Array<ReservedTableView>, notes: string | null, state: ReservationState, stateLabel: string, locked: boolean, };

/**
 * The «Reservas» page: the day's reservations, the branch's tables and the states.
 */
export type ReservationsPage = { 
/**
 * The day shown, AAAA-MM-DD.
 */
date: string, list: Page<ReservationView>, tables: Array<TableView>, states: Array<RestaurantOptionView>, };

/**
 * A table a reservation holds.
 */
export type ReservedTableView = { _id: number, name: string, };

/**
 * `POST /api/auth/reset-password` body.
 */
export type ResetBody = { token?: string | null, password?: string | null, };

/**
 * The new-password page: whether the link still works.
 */
export type ResetPasswordPage = { valid: boolean, message?: string, };

/**
 * `POST /api/auth/gerateReset-password` body (the specification's spelling).
 */
export type ResetRequestBody = { username?: string | null, };

/**
 * What an event of `GET /api/restaurant/events` carries in its `data:` line.
 */
export type RestaurantEventView = { seq: number, 
/**
 * `opened`, `items`, `state`, `void`, `move`, `joined`, `billRequested` or `billed`.
 */
type: string, orderId: number, order: OrderView, };

/**
 * A value of a closed list with its Spanish label (shapes, reservation states).
 */
export type RestaurantOptionView = { value: string, label: string, };

/**
 * A returned product and quantity.
 */
export type ReturnBody = { productId?: IdInput, quantity?: NumberInput, };

/**
 * A line of a sale with what may still be returned (the credit note screen).
 */
export type ReturnableLineView = { saleLineId: number, productId: number, code: string, name: string, sold: string, returned: string, returnable: string, unitPrice: string, };

/**
 * Body of a reversal.
 */
export type ReverseBody = { reason?: string | null, };

/**
 * The buyer block.
 */
export type RideBuyerView = { name: string, idType: string, id: string, address: string | null, };

/**
 * The transportista of a guía de remisión.
 */
export type RideCarrierView = { name: string, 
/**
 * «RUC», «Cédula»…
 */
idType: string, id: string, };

/**
 * One transported line of a guía (code, quantity, description; no prices).
 */
export type RideGuideLineView = { mainCode: string | null, auxCode: string | null, quantity: string, description: string, details: Array<RideNameValue>, };

/**
 * What a guía de remisión prints instead of buyer, prices and totals (sri.md §6): the
 * transport (punto de partida, transportista, placa, fechas) and each destinatario.
 */
export type RideGuideView = { departureAddress: string, carrier: RideCarrierView, plate: string, 
/**
 * `dd/mm/aaaa`.
 */
transportStart: string, 
/**
 * `dd/mm/aaaa`.
 */
transportEnd: string, recipients: Array<RideRecipientView>, };

/**
 * The issuer as the signed XML carries it, plus the company's logo.
 */
export type RideIssuerView = { ruc: string, legalName: string, tradeName: string | null, headOfficeAddress: string, branchAddress: string | null, specialTaxpayer: string | null, 
/**
 * `SI` / `NO`.
 */
keepsAccounts: string, withholdingAgent: string | null, 
/**
 * The RIMPE legend of Anexo 22, when the regime has one.
 */
rimpeLegend: string | null, 
/**
 * The company logo as a `data:` URL (the printable loads nothing else), when there is one.
 */
logo: string | null, };

/**
 * One detail line.
 */
export type RideLineView = { mainCode: string | null, auxCode: string | null, quantity: string, description: string, details: Array<RideNameValue>, unitPrice: string, discount: string, total: string, };

/**
 * The document a nota de crédito modifies.
 */
export type RideModifiedView = { docType: string, number: string, issueDate: string, reason: string, };

/**
 * A `nombre`/`valor` pair (información adicional, detalles adicionales).
 */
export type RideNameValue = { name: string, value: string, };

/**
 * Data of `/tickets/{factura|notaCredito}/{id}/{A4SRI|Ticket80}`,
 * `/tickets/guiaRemision/{id}/A4SRI` and `/admin/ebilling/RIDE/{accessKey}`.
 */
export type RidePage = { ride: RideView, };

/**
 * One forma de pago.
 */
export type RidePaymentView = { code: string, label: string, amount: string, term: string | null, timeUnit: string | null, };

/**
 * One destinatario of a guía with what travels to it.
 */
export type RideRecipientView = { name: string, id: string, address: string, 
/**
 * `motivoTraslado`.
 */
reason: string, destinationEstablishment: string | null, route: string | null, customsDocument: string | null, 
/**
 * The comprobante de venta that supports the transfer («FACTURA 001-001-000000001»).
 */
supportDocument: string | null, supportAuthorization: string | null, 
/**
 * `dd/mm/aaaa`.
 */
supportDate: string | null, lines: Array<RideGuideLineView>, };

/**
 * One row of the totals block («SUBTOTAL 15 %», «IVA 15 %», «VALOR TOTAL»…), in the SRI's order,
 * only the rows that apply.
 */
export type RideTotalRow = { label: string, value: string, };

/**
 * Everything a RIDE prints.
 */
export type RideView = { 
/**
 * `sri_documents.id` (the `{id}` of `/tickets/factura/{id}/…`).
 */
documentId: number, 
/**
 * `factura`, `notaCredito`, `guiaRemision` or `retencion` (the segment of the printable
 * routes).
 */
kind: string, 
/**
 * «FACTURA», «NOTA DE CRÉDITO», «GUÍA DE REMISIÓN».
 */
title: string, 
/**
 * `estab-ptoEmi-secuencial`.
 */
number: string, accessKey: string, 
/**
 * Stored status.
 */
status: DocumentStatus, 
/**
 * Whether the SRI authorized it (before that the RIDE says so, without number or date).
 */
authorized: boolean, 
/**
 * Spanish state for the «no autorizado aún» notice.
 */
statusLabel: string, authorizationNumber: string | null, 
/**
 * `dd/mm/aaaa hh:mm:ss` in Ecuador.
 */
authorizationDate: string | null, 
/**
 * «PRUEBAS» / «PRODUCCIÓN».
 */
environment: string, 
/**
 * «NORMAL».
 */
emission: string, 
/**
 * `dd/mm/aaaa`.
 */
issueDate: string, issuer: RideIssuerView, 
/**
 * The buyer of a factura or nota de crédito (`None` on a guía, which has destinatarios).
 */
buyer: RideBuyerView | null, 
/**
 * The transport and destinatarios of a guía de remisión (`None` on other documents, whose
 * `lines`, `totals` and `payments` a guía leaves empty).
 */
guide: RideGuideView | null, remissionGuide: string | null, modified: RideModifiedView | null, 
/**
 * The sujeto retenido and the taxes withheld of a comprobante de retención (`None` on other
 * documents; a retención leaves `lines`, `totals` and `payments` empty).
 */
withholding: RideWithholdingView | null, lines: Array<RideLineView>, totals: Array<RideTotalRow>, total: string, payments: Array<RidePaymentView>, additionalInfo: Array<RideNameValue>, barcode: BarcodeView, };

/**
 * One tax withheld on a supplier's document, as a retención's RIDE prints it.
 */
export type RideWithheldView = { 
/**
 * «FACTURA», «LIQUIDACIÓN DE COMPRA…»: the comprobante withheld on.
 */
docType: string, 
/**
 * `estab-ptoEmi-secuencial` of that comprobante.
 */
number: string, 
/**
 * Its `dd/mm/aaaa`.
 */
issueDate: string, 
/**
 * `mm/aaaa`, the retención's.
 */
fiscalPeriod: string, base: string, 
/**
 * «RENTA», «IVA», «ISD».
 */
tax: string, 
/**
 * The SRI's code (`312`, `1`…).
 */
code: string, 
/**
 * `2.00`.
 */
percent: string, amount: string, };

/**
 * What a comprobante de retención prints instead of lines and totals: the sujeto retenido and
 * each tax withheld on each of the supplier's documents.
 */
export type RideWithholdingView = { subject: RideBuyerView, 
/**
 * `mm/aaaa`.
 */
fiscalPeriod: string, lines: Array<RideWithheldView>, 
/**
 * The amount withheld.
 */
total: string, };

/**
 * A user's role (specification §6). Default `user`.
 */
export type Role = "admin" | "user" | "cashier";

/**
 * A route of the UI (react-router route id, hydration key and page-loader key).
 */
export type RouteId = "root" | "layout-landing" | "landing" | "register" | "login" | "reset-password" | "verify-email" | "admin" | "admin-home" | "admin-theme" | "admin-categories" | "admin-inventory" | "admin-products" | "admin-cellars" | "admin-kardex" | "admin-adjustments" | "admin-transfers" | "admin-upload" | "admin-stock-list" | "sales" | "sales-hub" | "sales-clients" | "sales-pos" | "sales-credit-notes" | "sales-promos" | "sales-quotes" | "sales-invoice-pos" | "purchases" | "purchases-suppliers" | "purchases-merchandise" | "purchases-expenses" | "purchases-manual" | "purchases-payables" | "purchases-statement" | "tools-lector" | "config" | "config-hub" | "config-company" | "config-users" | "config-licences" | "config-holidays" | "config-taxes" | "cash" | "admin-cash" | "admin-cash-registers" | "admin-cash-open-close" | "admin-cash-my-turns" | "admin-cash-confirm" | "admin-cash-history" | "admin-cash-movement" | "bank" | "admin-bank-accounts" | "admin-bank-barrio" | "ebilling" | "ebilling-documents" | "ebilling-remission-guide" | "ebilling-test" | "ebilling-credit-notes" | "ebilling-invoice" | "ebilling-ride" | "admin-reports" | "admin-cxc" | "admin-cxc-list" | "admin-cxc-collect" | "admin-cxc-statement" | "admin-cxc-payments" | "admin-restaurant-tables" | "admin-restaurant-reservations" | "admin-restaurant-take-order" | "admin-restaurant-express" | "admin-restaurant-delivery" | "layout-free" | "ticket-sample-a4" | "admin-transfer-print" | "admin-cash-count-ticket" | "cash-count-ticket" | "cnb-report-ticket" | "sales-note-pdf" | "sales-note-ticket" | "sales-credit-note-pdf" | "sales-credit-note-ticket" | "quote-a4" | "ride-factura-a4" | "ride-factura-ticket" | "ride-credit-note-a4" | "ride-credit-note-ticket" | "ride-guide-a4" | "ride-withholding-a4" | "ride-public" | "admin-reports-print" | "cxc-receipt-ticket" | "cxc-receipt-a4" | "cxc-statement-print" | "restaurant-kitchen" | "not-found";

/**
 * The rule of a page (`GET /api/routes/rule?path=`).
 */
export type RouteRuleView = { 
/**
 * Roles that may open it; `null`: every signed-in role.
 */
roles: Array<Role> | null, 
/**
 * A session is required.
 */
auth: boolean, 
/**
 * A printable document (complete HTML, no client scripts).
 */
printable: boolean, };

/**
 * A problem with one row of the file: `{row, column, message}` (row 1 is the header). Stored
 * with the job and answered as it is, so the view shows the service's own type.
 */
export type RowError = { row: number, column: string, message: string, };

/**
 * The buyer as printed and shown.
 */
export type SaleClientView = { _id: number, idType: string, identification: string, name: string, address: string | null, email: string | null, phone: string | null, };

/**
 * A line of a body: `{productId, quantity, unitPrice?, discount?}`.
 */
export type SaleLineBody = { productId?: IdInput, quantity?: NumberInput, unitPrice?: NumberInput, discount?: NumberInput, };

/**
 * One line with its amounts (decimal strings).
 */
export type SaleLineView = { productId: number, code: string, name: string, unit: string, quantity: string, unitPrice: string, 
/**
 * The manual discount.
 */
discount: string, 
/**
 * The promotion the server applied, if any.
 */
promotion: PromotionAppliedView | null, ivaCode: string, ivaRate: number, 
/**
 * quantity × unit price, rounded to the cent (before discounts).
 */
gross: string, 
/**
 * gross − discounts: the line's amount without IVA, the one every screen and printout shows
 * beside the line. The lines' nets add up to the bases of the IVA groups, and IVA is
 * charged on each group's base (the SRI's rule), so there is no per-line total with IVA: it
 * would not add up to the document's total.
 */
net: string, 
/**
 * The line's own IVA, rounded (the SRI XML's per-line `valor`); the document's IVA per rate
 * is in the totals' groups.
 */
iva: string, 
/**
 * The id of the stored line (credit notes point at it); `null` in a preview.
 */
lineId: number | null, };

/**
 * The printable sales note (A4 and 80 mm).
 */
export type SaleNotePrint = { header: TicketHeader, sale: SaleView, printedAt: string, 
/**
 * The internal credit notes against it (each links its own printouts).
 */
creditNotes: Array<CreditNoteLinkView>, };

/**
 * A payment of a body.
 */
export type SalePaymentBody = { method?: string | null, amount?: NumberInput, received?: NumberInput, reference?: string | null, bankAccountId?: IdInput, dueDate?: string | null, };

/**
 * `POST /api/sales/note/preview`: the priced lines and the totals, nothing written, and the
 * warnings about lines sold below cost ([`crate::services::sales::below_cost`]).
 */
export type SalePreviewView = { lines: Array<PreviewLineView>, totals: DocumentTotalsView, total: string, 
/**
 * «Línea N: «Producto» se vende por debajo del costo promedio» (the cost itself only for
 * admin and user).
 */
warnings: Array<string>, };

/**
 * A row of the sales list.
 */
export type SaleRowView = { _id: number, number: string, date: string, clientName: string, total: string, 
/**
 * `note` (sales note) or `invoice` (electronic factura).
 */
kind: string, 
/**
 * A factura's SRI document (its RIDE is `/tickets/factura/{documentId}/…`).
 */
documentId: number | null, };

/**
 * A stored sales note.
 */
export type SaleView = { _id: number, 
/**
 * `estab-ptoEmi-secuencial`.
 */
number: string, 
/**
 * Local date-time (Ecuador).
 */
date: string, client: SaleClientView, cellarId: number, 
/**
 * Who sold.
 */
user: string, lines: Array<SaleLineView>, payments: Array<PaymentView>, totals: DocumentTotalsView, total: string, 
/**
 * Change handed back for cash.
 */
change: string, note: string | null, 
/**
 * Σ of the credit notes issued against it.
 */
credited: string, 
/**
 * The quote it was converted from, if any.
 */
quoteId: number | null, };

/**
 * `/admin/ventas`: today's sales of the branch, by payment method, and the last documents.
 */
export type SalesHubPage = { count: number, total: string, byMethod: Array<MethodTotalView>, recent: Array<SaleRowView>, };

/**
 * The printable A4 sales report (`/admin/reportes/imprimir`).
 */
export type SalesReportPrint = { company: string, branch: string, groupLabel: string, report: SalesReportView, printedAt: string, };

/**
 * `GET /api/reports/sales` and `GET /api/reports/top`.
 */
export type SalesReportView = { from: string, to: string, groupBy: string, rows: Array<SalesRowView>, totals: SalesRowView, };

/**
 * One group of the sales report.
 */
export type SalesRowView = { key: string, label: string, count: number, base: string, iva: string, total: string, cost: string, margin: string, 
/**
 * Units sold less returned (grouped by product or category).
 */
units: string | null, };

/**
 * `POST /api/auth/signup` body. Fields are optional here so a missing one gets a Spanish
 * message naming it instead of a deserialization error.
 */
export type SignupBody = { email?: string | null, password?: string | null, name?: string | null, };

/**
 * `GET /api/reports/slow`.
 */
export type SlowReportView = { days: number, rows: Array<SlowRowView>, };

/**
 * A product not sold in the period.
 */
export type SlowRowView = { productId: number, code: string, name: string, lastSold: string | null, stock: string, };

/**
 * `POST /api/restaurant/order/{id}/item/{itemId}/split`: the units that become an item of
 * their own.
 */
export type SplitBody = { quantity?: NumberInput, };

/**
 * A message the SRI returned.
 */
export type SriMessageView = { 
/**
 * «recepción» or «autorización».
 */
stage: string, 
/**
 * State of the answer it came in (RECIBIDA, DEVUELTA, AUTORIZADO, NO AUTORIZADO…).
 */
sriStatus: string, 
/**
 * The SRI's code (35, 43, 70…).
 */
identifier: string, message: string, additionalInfo: string | null, 
/**
 * ERROR, ADVERTENCIA, INFORMATIVO.
 */
kind: string, 
/**
 * The company's time, with its offset.
 */
createdAt: string, };

/**
 * Body of `POST /api/cxc/statement/email`.
 */
export type StatementEmailBody = { clientId?: IdInput, from?: string | null, to?: string | null, };

/**
 * A line of the account statement.
 */
export type StatementLineView = { 
/**
 * `AAAA-MM-DD` (company's day).
 */
date: string, document: string, charge: string, payment: string, balance: string, };

/**
 * `/admin/cxc/estadoCuenta`: clients with receivables, and the statement of `?clientId=`.
 */
export type StatementPage = { clients: Array<ClientOptionView>, statement: StatementView | null, };

/**
 * `/tickets/cxc/{id}/estado_de_cuenta`.
 */
export type StatementPrint = { header: TicketHeader, statement: StatementView, printedAt: string, };

/**
 * `GET /api/cxc/statement`.
 */
export type StatementView = { client: ClientRefView, from: string, to: string, openingBalance: string, lines: Array<StatementLineView>, totalCharges: string, totalPayments: string, closingBalance: string, 
/**
 * The company's name (printout header).
 */
company: string, };

/**
 * The stock list page.
 */
export type StockListPage = { cellars: Array<CellarOptionView>, stock: StockListView, };

/**
 * `GET /api/inventory/stock`: one page of the rows (like every list: `total` rows in all) and
 * the value of all of them.
 */
export type StockListView = { results: Array<StockRowView>, total: number, page: number, limit: number, totalValue: string, };

/**
 * `GET /api/reports/stock`: products below minimum and stock value per warehouse.
 */
export type StockReportView = { low: Array<LowStockView>, byCellar: Array<CellarValueView>, totalValue: string, };

/**
 * One row of the stock list.
 */
export type StockRowView = { productId: number, code: string, name: string, cellarId: number, cellarName: string, quantity: string, minStock: string, averageCost: string, value: string, 
/**
 * Below the product's minimum.
 */
low: boolean, };

/**
 * `{products: [_id…]}` of `getStocks`.
 */
export type StocksBody = { products?: Array<IdInput> | null, };

/**
 * Body of register and update.
 */
export type SupplierBody = { idType?: string | null, identification?: string | null, name?: string | null, tradeName?: string | null, email?: string | null, phone?: string | null, creditDays?: NumberInput, active?: boolean | null, };

/**
 * A supplier code mapped to a product.
 */
export type SupplierMappingView = { _id: number, supplierId: number, supplierIdentification: string, supplierName: string, supplierCode: string, productId: number, productCode: string, productName: string, };

/**
 * A supplier to pick in a selector.
 */
export type SupplierOptionView = { _id: number, name: string, identification: string, creditDays: number, };

/**
 * `/admin/compras/estadoCuentaProveedor`: the suppliers and the statement of `?supplierId=`.
 */
export type SupplierStatementPage = { suppliers: Array<SupplierOptionView>, statement: SupplierStatementView | null, };

/**
 * `GET /api/purchases/payable/statement`.
 */
export type SupplierStatementView = { supplierId: number, supplierName: string, openingBalance: string, lines: Array<StatementLineView>, closingBalance: string, };

/**
 * A supplier as the API shows it.
 */
export type SupplierView = { _id: number, 
/**
 * `ruc`, `cedula`, `pasaporte` or `exterior`.
 */
idType: string, identification: string, name: string, tradeName: string | null, email: string | null, phone: string | null, creditDays: number, active: boolean, locked: boolean, };

/**
 * Body of a table's register and update: `{zoneId, name, seats, shape?, x?, y?, active?}`. On
 * update, absent `x`/`y`/`shape`/`active` keep what the table has (a drag sends only x and y
 * with the rest of the table as it is).
 */
export type TableBody = { zoneId?: IdInput, name?: string | null, seats?: NumberInput, shape?: string | null, x?: NumberInput, y?: NumberInput, active?: boolean | null, };

/**
 * A table: `ocupada` with an open order, `cuenta` once the bill was asked for, `reservada`
 * within the hour of a reservation, else `libre`.
 */
export type TableOccupancy = "libre" | "ocupada" | "cuenta" | "reservada";

/**
 * The reservation shown on a table of the floor plan (one within the next hour).
 */
export type TableReservationView = { _id: number, clientName: string, 
/**
 * Local start, `HH:MM`.
 */
time: string, };

/**
 * A table with its place on the plan and what is on it now: `state` is libre, ocupada, cuenta
 * (the bill was asked for) or reservada; `orderId` and `openedAt` (ISO) of its open order.
 */
export type TableView = { _id: number, zoneId: number, zoneName: string, name: string, seats: number, 
/**
 * square, round or rect.
 */
shape: string, x: number, y: number, active: boolean, locked: boolean, state: TableOccupancy, orderId: number | null, openedAt: string | null, reservation: TableReservationView | null, };

/**
 * One IVA group of the totals ("IVA 15 %": base and value).
 */
export type TaxGroupView = { code: string, label: string, base: string, value: string, };

/**
 * Body of `POST /api/taxes/withholding/register`.
 */
export type TaxRateBody = { kind?: string | null, code?: string | null, 
/**
 * Empty: the description of the code's latest row.
 */
description?: string | null, 
/**
 * Decimal text or a whole number, 0 to 100 with up to two decimals.
 */
percent?: NumberInput, validFrom?: string | null, 
/**
 * Ends the code from `validFrom` (no percent needed).
 */
retired?: boolean | null, };

/**
 * A withholding concept or IVA rate with its period.
 */
export type TaxRateView = { _id: number, 
/**
 * `renta`, `iva` (withholding) or `tarifa_iva` (the IVA rate of a sale).
 */
kind: string, 
/**
 * The SRI's code (`312`, `3440`, `9`; for `tarifa_iva` the `codigoPorcentaje`).
 */
code: string, description: string, 
/**
 * Decimal text with two decimals (`"2.75"`).
 */
percent: string, 
/**
 * ISO date of the first day in force.
 */
validFrom: string, 
/**
 * ISO date of the last day in force; `null` while no later row exists.
 */
validTo: string | null, 
/**
 * Mostrador's national row (`false`: added by the company).
 */
national: boolean, 
/**
 * The row ends the code (no rate in force from `validFrom`).
 */
retired: boolean, };

/**
 * The taxes page: the day shown, the rows in force on it, and every row with its period (the
 * history, newest first within each code).
 */
export type TaxRatesPage = { 
/**
 * ISO date.
 */
date: string, rates: Array<TaxRateView>, history: Array<TaxRateView>, };

/**
 * `POST /api/users/theme` body.
 */
export type ThemeBody = { theme?: string | null, primaryColor?: string | null, };

/**
 * A user's theme.
 */
export type ThemeView = { 
/**
 * 'light' or 'dark'.
 */
mode: string, primaryColor: string, };

/**
 * Who issues a ticket: the header every 80 mm ticket prints (sales tickets reuse it).
 */
export type TicketHeader = { ruc: string, businessName: string, tradeName: string | null, address: string, branchName: string, };

/**
 * The request: `{fromCellarId, toCellarId, lines: [{productId, quantity}], …guía fields}`.
 */
export type TransferBody = { fromCellarId?: IdInput, toCellarId?: IdInput, reason?: string | null, note?: string | null, carrierName?: string | null, carrierIdentification?: string | null, plate?: string | null, startDate?: string | null, endDate?: string | null, originAddress?: string | null, destinationAddress?: string | null, lines?: Array<TransferLineBody> | null, };

/**
 * A transfer the page offers to document.
 */
export type TransferChoiceView = { _id: number, number: number, 
/**
 * Ecuador time.
 */
date: string, fromCellarName: string, toCellarName: string, carrierName: string | null, carrierIdentification: string | null, plate: string | null, lines: number, };

/**
 * A line of the request.
 */
export type TransferLineBody = { productId?: IdInput, quantity?: NumberInput, };

/**
 * The printable guía de remisión: the transfer and the issuer.
 */
export type TransferPrintView = { transfer: TransferView, companyName: string, ruc: string, branchCode: string, branchName: string, branchAddress: string, };

/**
 * A transfer (guía de remisión).
 */
export type TransferView = { _id: number, number: number, date: string, fromCellarId: number, fromCellarName: string, toCellarId: number, toCellarName: string, reason: string, note: string | null, carrierName: string | null, carrierIdentification: string | null, plate: string | null, startDate: string | null, endDate: string | null, originAddress: string | null, destinationAddress: string | null, user: string | null, lines: Array<DocumentLineView>, };

/**
 * The transfers page: the list, the branch's warehouses (origin) and every warehouse of the
 * company (destination).
 */
export type TransfersPage = { list: Page<TransferView>, cellars: Array<CellarOptionView>, destinations: Array<CellarOptionView>, };

/**
 * One step of the trial.
 */
export type TrialStepView = { 
/**
 * `firma`, `recepción`, `autorización`.
 */
step: string, ok: boolean, 
/**
 * What happened, in Spanish.
 */
detail: string, };

/**
 * `POST /api/ebilling/test`.
 */
export type TrialView = { 
/**
 * Clave de acceso of the trial factura, once signed.
 */
accessKey: string | null, 
/**
 * Where it went: the `SRI_URL` in use, or the SRI's pruebas environment.
 */
target: string, 
/**
 * Every step passed.
 */
ok: boolean, steps: Array<TrialStepView>, };

/**
 * One denomination of a count.
 */
export type TurnCountView = { denomination: string, quantity: number, amount: string, };

/**
 * `GET /api/Turn/{id}`: the shift, its lines, its count and its summary.
 */
export type TurnDetailView = { movements: Array<TurnMovementView>, counts: Array<TurnCountView>, summary: TurnSummaryView, 
/**
 * Withdrawals refused to the cashier while counting blind, oldest first: attempts to find
 * out the expected cash show here (empty for the blind cashier themself).
 */
refusedWithdrawals: Array<RefusedWithdrawalView>, 
/**
 * The viewer counts blind: the expected cash and the totals per method and type are left out.
 */
blind: boolean, _id: number, cashRegisterId: number, cashRegisterName: string, branchOfficeId: number, userId: number, userName: string, state: TurnState, openingAmount: string, openedAt: string, expected: string | null, counted: string | null, difference: string | null, closeNote: string | null, closedAt: string | null, confirmNote: string | null, confirmedAt: string | null, bankAccountId: number | null, 
/**
 * Withdrawals refused to the cashier while counting blind (see
 * [`TurnDetailView::refused_withdrawals`]): how many; the owner's history shows them.
 */
refusedWithdrawalCount: number, };

/**
 * A register or a cashier to filter by.
 */
export type TurnFilterOption = { _id: number, name: string, };

/**
 * `/admin/caja/historial`: the owner's history of the branch's shifts (counts, differences,
 * confirmations; each links its arqueo) and what it filters by.
 */
export type TurnHistoryPage = { list: Page<TurnView>, registers: Array<TurnFilterOption>, cashiers: Array<TurnFilterOption>, };

/**
 * A line of a shift.
 */
export type TurnMovementView = { _id: number, 
/**
 * `opening`, `cash_sale`, `cash_refund`, `collection`, `cash_in`, `cash_out`, `cnb_in`,
 * `cnb_out`, `non_cash_sale`.
 */
type: string, label: string, 
/**
 * +1 enters the drawer, −1 leaves it, 0 only listed.
 */
sign: number, paymentMethod: string | null, 
/**
 * `None` for a cashier counting blind: the lines would add up to the expected cash.
 */
amount: string | null, reason: string, sourceType: string | null, sourceId: number | null, userId: number, createdAt: string, };

/**
 * A cash shift: open, closed with its cash count, confirmed by an administrator.
 */
export type TurnState = "open" | "closed" | "confirmed";

/**
 * The figures of a shift.
 */
export type TurnSummaryView = { opening: string, 
/**
 * `None` while a cashier counts blind (see [`TurnDetailView::blind`]).
 */
expected: string | null, counted: string | null, difference: string | null, 
/**
 * Sales per payment method (`efectivo`, `tarjeta`…).
 */
byMethod: { [key in string]: string }, 
/**
 * Totals per line type.
 */
byType: { [key in string]: string }, };

/**
 * A shift.
 */
export type TurnView = { _id: number, cashRegisterId: number, cashRegisterName: string, branchOfficeId: number, userId: number, userName: string, state: TurnState, openingAmount: string, openedAt: string, expected: string | null, counted: string | null, difference: string | null, closeNote: string | null, closedAt: string | null, confirmNote: string | null, confirmedAt: string | null, bankAccountId: number | null, 
/**
 * Withdrawals refused to the cashier while counting blind (see
 * [`TurnDetailView::refused_withdrawals`]): how many; the owner's history shows them.
 */
refusedWithdrawalCount: number, };

/**
 * `/admin/caja/misTurnos` and `/admin/caja/turno/confirmarCierre`: a page of shifts (and the
 * accounts a confirmation may deposit to).
 */
export type TurnsPage = { list: Page<TurnView>, bankAccounts: Array<BankAccountView>, };

/**
 * Body of register and update.
 */
export type UserBody = { email?: string | null, name?: string | null, role?: string | null, branchOfficesAccess?: Array<number | string> | null, defaultMenu?: string | null, };

/**
 * A user in the company's user list.
 */
export type UserRowView = { _id: number, email: string, name: string, role: Role, isEmailVerified: boolean, locked: boolean, branchOfficesAccess: Array<number>, defaultMenu: string | null, };

/**
 * The users page: one page of the list and the company's branches for the access selector.
 */
export type UsersPage = { list: Page<UserRowView>, branches: Array<BranchOfficeView>, };

/**
 * The e-mail verification page: the outcome of the link.
 */
export type VerifyEmailPage = { ok: boolean, message: string, };

/**
 * `POST /api/restaurant/order/{id}/item/{itemId}/void`.
 */
export type VoidBody = { reason?: string | null, };

/**
 * `withholding: {lines: [{kind, code, base}], late?}` of a purchase's register, and the body of
 * `POST /api/purchases/{kind}/{id}/withhold`.
 */
export type WithholdingBody = { lines?: Array<WithholdingLineBody> | null, 
/**
 * Issue it past the five days, knowing the SRI may fine it.
 */
late?: boolean | null, };

/**
 * A line of the body: `kind` `renta` or `iva`, the SRI's `code` (312, 3440, 9, 1…) and `base`.
 */
export type WithholdingLineBody = { kind?: string | null, code?: string | null, 
/**
 * Decimal text, up to two decimals.
 */
base?: NumberInput, };

/**
 * A tax withheld.
 */
export type WithholdingLineView = { 
/**
 * `renta` or `iva`.
 */
kind: string, 
/**
 * The SRI's code (`312`, `3440`, `9`…).
 */
code: string, base: string, 
/**
 * The percentage in force on the retención's date, as decimal text (`"1.75"`).
 */
percent: string, amount: string, };

/**
 * A comprobante de retención. Printed from `/tickets/retencion/{id}/A4SRI`.
 */
export type WithholdingView = { _id: number, 
/**
 * `estab-ptoEmi-secuencial`.
 */
number: string, 
/**
 * `sri_documents.id` (the e-billing documents' API and screens).
 */
documentId: number, accessKey: string, 
/**
 * The SRI state in Spanish ("AUTORIZADO", "DEVUELTA: corrija y reenvíe"…).
 */
status: string, 
/**
 * The state's code.
 */
statusCode: DocumentStatus, 
/**
 * `fechaEmision`, `AAAA-MM-DD`.
 */
date: string, supplierId: number, supplierName: string, purchaseId: number, 
/**
 * The supplier's document it withholds on.
 */
documentNumber: string, 
/**
 * The amount withheld.
 */
total: string, 
/**
 * Issued past the five days, knowingly.
 */
late: boolean, authorizationNumber: string | null, annulled: boolean, annulReason: string | null, annulledAt: string | null, lines: Array<WithholdingLineView>, };

/**
 * Body of a zone's register and update: `{name, active?}`.
 */
export type ZoneBody = { name?: string | null, active?: boolean | null, };

/**
 * A zone of the branch's floor.
 */
export type ZoneView = { _id: number, name: string, branchOfficeId: number, active: boolean, locked: boolean, };
