-- Cash registers (cajas) of a branch, their shifts (turnos), the shifts' movements and counts,
-- bank accounts and their movements. Money in millionths (BIGINT), as everywhere.

CREATE TABLE cash_registers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    name TEXT NOT NULL,
    code TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (company_id, branch_office_id, code)
);

CREATE TABLE bank_accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    bank TEXT NOT NULL,
    account_type TEXT NOT NULL CHECK (account_type IN ('ahorros', 'corriente')),
    number TEXT NOT NULL,
    holder TEXT NOT NULL,
    opening_balance BIGINT NOT NULL DEFAULT 0,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (company_id, bank, number)
);

-- A shift: open → closed (counted) → confirmed. At most one open per register and per user.
CREATE TABLE turns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    cash_register_id BIGINT NOT NULL REFERENCES cash_registers (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    state TEXT NOT NULL CHECK (state IN ('open', 'closed', 'confirmed')),
    opening_amount BIGINT NOT NULL CHECK (opening_amount >= 0),
    opened_at TIMESTAMP NOT NULL,
    expected BIGINT,
    counted BIGINT,
    difference BIGINT,
    close_note TEXT,
    closed_at TIMESTAMP,
    closed_by BIGINT REFERENCES users (id),
    confirm_note TEXT,
    confirmed_at TIMESTAMP,
    confirmed_by BIGINT REFERENCES users (id),
    bank_account_id BIGINT REFERENCES bank_accounts (id),
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX turns_open_register ON turns (cash_register_id) WHERE state = 'open';
CREATE UNIQUE INDEX turns_open_user ON turns (user_id) WHERE state = 'open';
CREATE INDEX turns_company ON turns (company_id, branch_office_id, id);

-- A line of a shift. `amount` is positive; the kind says whether it enters or leaves the drawer
-- (non_cash_sale is listed per payment method and never enters it).
CREATE TABLE turn_movements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    turn_id BIGINT NOT NULL REFERENCES turns (id),
    kind TEXT NOT NULL CHECK (kind IN ('opening', 'cash_sale', 'cash_refund', 'collection',
        'cash_in', 'cash_out', 'cnb_in', 'cnb_out', 'non_cash_sale')),
    payment_method TEXT,
    amount BIGINT NOT NULL CHECK (amount >= 0),
    reason TEXT NOT NULL,
    source_type TEXT,
    source_id BIGINT,
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX turn_movements_turn ON turn_movements (turn_id, kind);

-- The count at closing, one row per denomination.
CREATE TABLE turn_counts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    turn_id BIGINT NOT NULL REFERENCES turns (id),
    denomination BIGINT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity >= 0),
    amount BIGINT NOT NULL,
    UNIQUE (turn_id, denomination)
);

-- Bank account lines; `amount` is signed (deposits positive).
CREATE TABLE bank_movements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    bank_account_id BIGINT NOT NULL REFERENCES bank_accounts (id),
    kind TEXT NOT NULL CHECK (kind IN ('opening', 'shift_deposit', 'transfer_in', 'transfer_out',
        'card_settlement', 'manual')),
    amount BIGINT NOT NULL,
    description TEXT NOT NULL,
    turn_id BIGINT REFERENCES turns (id),
    created_by BIGINT REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX bank_movements_account ON bank_movements (bank_account_id, id);

-- Banco del Barrio (corresponsal no bancario): the agent's configuration per branch and the
-- operations at the counter. Their cash goes through the shift (cnb_in / cnb_out); they are not
-- sales. A mistaken operation is reversed by a linked operation, never deleted.
CREATE TABLE cnb_configs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    agent_code TEXT NOT NULL,
    cupo BIGINT NOT NULL CHECK (cupo >= 0),
    commissions TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (company_id, branch_office_id)
);

CREATE TABLE cnb_operations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    turn_id BIGINT NOT NULL REFERENCES turns (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    op_type TEXT NOT NULL CHECK (op_type IN ('deposito', 'retiro', 'pago_servicio', 'recarga',
        'envio_giro', 'pago_giro', 'efectivo_movil')),
    amount BIGINT NOT NULL CHECK (amount > 0),
    commission BIGINT NOT NULL,
    transaction_number TEXT NOT NULL,
    control_number TEXT NOT NULL,
    reference TEXT NOT NULL,
    reversal_of BIGINT REFERENCES cnb_operations (id),
    reversed BOOLEAN NOT NULL DEFAULT 0,
    local_date DATE NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX cnb_operations_day ON cnb_operations (company_id, branch_office_id, local_date);
CREATE UNIQUE INDEX cnb_operations_one_reversal ON cnb_operations (reversal_of);
