-- Issue 24, defect 8: a cashier counting blind could probe the expected cash with withdrawals the
-- drawer cannot cover. Each such refusal is kept here, so the owner sees it in the shift's detail
-- and history (the refused withdrawal itself moves no cash: it is not a turn_movements line).
CREATE TABLE turn_refused_withdrawals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    turn_id BIGINT NOT NULL REFERENCES turns (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    amount BIGINT NOT NULL CHECK (amount > 0),
    reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX turn_refused_withdrawals_turn ON turn_refused_withdrawals (company_id, turn_id);
