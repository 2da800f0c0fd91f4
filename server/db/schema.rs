//! Table definitions shared by both backends (kept in step with `migrations/`).

diesel::table! {
    companies (id) {
        id -> BigInt,
        ruc -> Text,
        business_name -> Text,
        trade_name -> Nullable<Text>,
        main_address -> Text,
        type_regimen -> Text,
        accounting_required -> Bool,
        special_taxpayer -> Nullable<Text>,
        is_ret -> Bool,
        retention_agent_resolution -> Nullable<Text>,
        sri_environment -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        logo -> Nullable<Binary>,
        logo_content_type -> Nullable<Text>,
        allow_negative_stock -> Bool,
        cashier_max_discount -> BigInt,
        time_zone -> Text,
    }
}

diesel::table! {
    branch_offices (id) {
        id -> BigInt,
        company_id -> BigInt,
        code -> Text,
        name -> Text,
        address -> Text,
        phone -> Nullable<Text>,
        active -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        locked -> Bool,
    }
}

diesel::table! {
    users (id) {
        id -> BigInt,
        company_id -> Nullable<BigInt>,
        email -> Text,
        name -> Text,
        password_hash -> Text,
        role -> Text,
        is_email_verified -> Bool,
        locked -> Bool,
        default_menu -> Nullable<Text>,
        selected_branch_office_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        theme -> Text,
        primary_color -> Text,
    }
}

diesel::table! {
    user_branch_offices (user_id, branch_office_id) {
        user_id -> BigInt,
        branch_office_id -> BigInt,
    }
}

diesel::table! {
    sessions (id) {
        id -> BigInt,
        token_hash -> Text,
        user_id -> BigInt,
        created_at -> Timestamp,
        last_seen_at -> Timestamp,
        expires_at -> Timestamp,
        ip -> Nullable<Text>,
        user_agent -> Nullable<Text>,
    }
}

diesel::table! {
    email_tokens (id) {
        id -> BigInt,
        token_hash -> Text,
        user_id -> BigInt,
        purpose -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    email_outbox (id) {
        id -> BigInt,
        to_address -> Text,
        subject -> Text,
        body_text -> Text,
        body_html -> Text,
        created_at -> Timestamp,
        attempts -> Integer,
        last_error -> Nullable<Text>,
        locked_until -> Nullable<Timestamp>,
        sent_at -> Nullable<Timestamp>,
        // Migration 2026-11-26-000600_mail_attachments: the SRI document the message carries.
        sri_document_id -> Nullable<BigInt>,
        sri_automatic -> Bool,
    }
}

diesel::table! {
    login_failures (id) {
        id -> BigInt,
        scope -> Text,
        key -> Text,
        failed_at -> Timestamp,
    }
}

diesel::table! {
    emission_points (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        code -> Text,
        name -> Text,
        active -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    categories (id) {
        id -> BigInt,
        company_id -> BigInt,
        name -> Text,
        parent_id -> Nullable<BigInt>,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        station -> Text,
        modifiers -> Text,
    }
}

diesel::table! {
    clients (id) {
        id -> BigInt,
        company_id -> BigInt,
        id_type -> Text,
        identification -> Text,
        name -> Text,
        email -> Nullable<Text>,
        phone -> Nullable<Text>,
        address -> Nullable<Text>,
        price_level -> Integer,
        credit_limit -> BigInt,
        credit_days -> Integer,
        is_final_consumer -> Bool,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    holidays (id) {
        id -> BigInt,
        company_id -> BigInt,
        date -> Date,
        name -> Text,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    licences (id) {
        id -> BigInt,
        company_id -> BigInt,
        plan -> Text,
        valid_until -> Date,
        users_allowed -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sri_documents (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        doc_type -> Text,
        version -> Text,
        environment -> Text,
        access_key -> Text,
        establishment -> Text,
        emission_point -> Text,
        sequential -> BigInt,
        issue_date -> Date,
        total -> Nullable<Text>,
        document_json -> Text,
        signed_xml -> Text,
        status -> Text,
        attempts -> Integer,
        polls -> Integer,
        errors -> Integer,
        failed_attempts -> Integer,
        failed_day -> Nullable<Date>,
        failed_today -> Integer,
        next_attempt_at -> Timestamp,
        locked_until -> Nullable<Timestamp>,
        locked_by -> Nullable<Text>,
        last_sent_at -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        authorization_number -> Nullable<Text>,
        authorization_date -> Nullable<Text>,
        authorized_at -> Nullable<Timestamp>,
        authorized_xml -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    sri_document_messages (id) {
        id -> BigInt,
        document_id -> BigInt,
        company_id -> BigInt,
        stage -> Text,
        sri_status -> Text,
        identifier -> Text,
        message -> Text,
        additional_info -> Nullable<Text>,
        kind -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    server_secrets (name) {
        name -> Text,
        value -> Text,
    }
}

// Inventory (2026-11-22-000002_inventory).

diesel::table! {
    warehouses (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        name -> Text,
        is_default -> Bool,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    products (id) {
        id -> BigInt,
        company_id -> BigInt,
        code -> Text,
        name -> Text,
        description -> Nullable<Text>,
        category_id -> Nullable<BigInt>,
        unit -> Text,
        iva_code -> Text,
        price -> BigInt,
        price2 -> Nullable<BigInt>,
        price3 -> Nullable<BigInt>,
        min_stock -> BigInt,
        kind -> Text,
        search_text -> Text,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        image_version -> Nullable<BigInt>,
    }
}

diesel::table! {
    product_barcodes (id) {
        id -> BigInt,
        company_id -> BigInt,
        product_id -> BigInt,
        barcode -> Text,
    }
}

diesel::table! {
    recipe_lines (id) {
        id -> BigInt,
        company_id -> BigInt,
        product_id -> BigInt,
        ingredient_id -> BigInt,
        quantity -> BigInt,
    }
}

diesel::table! {
    stocks (id) {
        id -> BigInt,
        company_id -> BigInt,
        product_id -> BigInt,
        warehouse_id -> BigInt,
        quantity -> BigInt,
        average_cost -> BigInt,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    kardex (id) {
        id -> BigInt,
        company_id -> BigInt,
        product_id -> BigInt,
        warehouse_id -> BigInt,
        created_at -> Timestamp,
        movement_type -> Text,
        document_type -> Text,
        document_id -> Nullable<BigInt>,
        document_number -> Nullable<Text>,
        quantity_in -> BigInt,
        quantity_out -> BigInt,
        unit_cost -> BigInt,
        total_cost -> BigInt,
        balance_quantity -> BigInt,
        average_cost -> BigInt,
        balance_value -> BigInt,
        user_id -> Nullable<BigInt>,
        document_date -> Nullable<Date>,
    }
}

diesel::table! {
    adjustments (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        number -> BigInt,
        date -> Timestamp,
        warehouse_id -> BigInt,
        mode -> Text,
        reason -> Text,
        note -> Nullable<Text>,
        user_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    adjustment_lines (id) {
        id -> BigInt,
        adjustment_id -> BigInt,
        product_id -> BigInt,
        quantity -> BigInt,
        unit_cost -> BigInt,
    }
}

diesel::table! {
    transfers (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        number -> BigInt,
        date -> Timestamp,
        from_warehouse_id -> BigInt,
        to_warehouse_id -> BigInt,
        reason -> Text,
        note -> Nullable<Text>,
        carrier_name -> Nullable<Text>,
        carrier_identification -> Nullable<Text>,
        plate -> Nullable<Text>,
        start_date -> Nullable<Date>,
        end_date -> Nullable<Date>,
        origin_address -> Nullable<Text>,
        destination_address -> Nullable<Text>,
        user_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    transfer_lines (id) {
        id -> BigInt,
        transfer_id -> BigInt,
        product_id -> BigInt,
        quantity -> BigInt,
        unit_cost -> BigInt,
    }
}

diesel::table! {
    import_jobs (id) {
        id -> BigInt,
        company_id -> BigInt,
        user_id -> Nullable<BigInt>,
        file_name -> Text,
        status -> Text,
        total -> BigInt,
        processed -> BigInt,
        created -> BigInt,
        updated -> BigInt,
        errors -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

// Cash: registers, shifts, movements, counts, bank accounts (migration 2026-11-22-000003_cash).
diesel::table! {
    cash_registers (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        name -> Text,
        code -> Text,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    bank_accounts (id) {
        id -> BigInt,
        company_id -> BigInt,
        bank -> Text,
        account_type -> Text,
        number -> Text,
        holder -> Text,
        opening_balance -> BigInt,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    turns (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        cash_register_id -> BigInt,
        user_id -> BigInt,
        state -> Text,
        opening_amount -> BigInt,
        opened_at -> Timestamp,
        expected -> Nullable<BigInt>,
        counted -> Nullable<BigInt>,
        difference -> Nullable<BigInt>,
        close_note -> Nullable<Text>,
        closed_at -> Nullable<Timestamp>,
        closed_by -> Nullable<BigInt>,
        confirm_note -> Nullable<Text>,
        confirmed_at -> Nullable<Timestamp>,
        confirmed_by -> Nullable<BigInt>,
        bank_account_id -> Nullable<BigInt>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    turn_movements (id) {
        id -> BigInt,
        company_id -> BigInt,
        turn_id -> BigInt,
        kind -> Text,
        payment_method -> Nullable<Text>,
        amount -> BigInt,
        reason -> Text,
        source_type -> Nullable<Text>,
        source_id -> Nullable<BigInt>,
        user_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    turn_refused_withdrawals (id) {
        id -> BigInt,
        company_id -> BigInt,
        turn_id -> BigInt,
        user_id -> BigInt,
        amount -> BigInt,
        reason -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    turn_counts (id) {
        id -> BigInt,
        company_id -> BigInt,
        turn_id -> BigInt,
        denomination -> BigInt,
        quantity -> BigInt,
        amount -> BigInt,
    }
}

diesel::table! {
    bank_movements (id) {
        id -> BigInt,
        company_id -> BigInt,
        bank_account_id -> BigInt,
        kind -> Text,
        amount -> BigInt,
        description -> Text,
        turn_id -> Nullable<BigInt>,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    cnb_configs (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        agent_code -> Text,
        cupo -> BigInt,
        commissions -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    cnb_operations (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        turn_id -> BigInt,
        user_id -> BigInt,
        op_type -> Text,
        amount -> BigInt,
        commission -> BigInt,
        transaction_number -> Text,
        control_number -> Text,
        reference -> Text,
        reversal_of -> Nullable<BigInt>,
        reversed -> Bool,
        local_date -> Date,
        created_at -> Timestamp,
    }
}

diesel::joinable!(branch_offices -> companies (company_id));
diesel::joinable!(emission_points -> branch_offices (branch_office_id));
diesel::joinable!(holidays -> companies (company_id));
diesel::joinable!(licences -> companies (company_id));
diesel::joinable!(users -> companies (company_id));
diesel::joinable!(user_branch_offices -> users (user_id));
diesel::joinable!(user_branch_offices -> branch_offices (branch_office_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(email_tokens -> users (user_id));
diesel::joinable!(sri_documents -> companies (company_id));
diesel::joinable!(sales -> clients (client_id));
diesel::joinable!(sale_payments -> sales (sale_id));
diesel::joinable!(credit_notes -> clients (client_id));
diesel::joinable!(credit_note_lines -> credit_notes (credit_note_id));
diesel::joinable!(sri_documents -> branch_offices (branch_office_id));
diesel::joinable!(sri_document_messages -> sri_documents (document_id));
diesel::joinable!(warehouses -> branch_offices (branch_office_id));
diesel::joinable!(product_barcodes -> products (product_id));
diesel::joinable!(stocks -> products (product_id));
diesel::joinable!(stocks -> warehouses (warehouse_id));
diesel::joinable!(kardex -> products (product_id));
diesel::joinable!(kardex -> warehouses (warehouse_id));
diesel::joinable!(adjustment_lines -> adjustments (adjustment_id));
diesel::joinable!(transfer_lines -> transfers (transfer_id));
diesel::joinable!(cash_registers -> branch_offices (branch_office_id));
diesel::joinable!(turns -> cash_registers (cash_register_id));
diesel::joinable!(turns -> users (user_id));
diesel::joinable!(turn_movements -> turns (turn_id));
diesel::joinable!(turn_refused_withdrawals -> turns (turn_id));
diesel::joinable!(turn_counts -> turns (turn_id));
diesel::joinable!(bank_movements -> bank_accounts (bank_account_id));
diesel::joinable!(cnb_operations -> turns (turn_id));

diesel::table! {
    document_sequences (id) {
        id -> BigInt,
        company_id -> BigInt,
        emission_point_id -> BigInt,
        doc_type -> Text,
        last_number -> BigInt,
    }
}

diesel::table! {
    sales (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        emission_point_id -> BigInt,
        sequential -> BigInt,
        number -> Text,
        idempotency_key -> Text,
        client_id -> BigInt,
        warehouse_id -> BigInt,
        user_id -> BigInt,
        turn_id -> Nullable<BigInt>,
        quote_id -> Nullable<BigInt>,
        gross -> BigInt,
        discount -> BigInt,
        subtotal -> BigInt,
        iva -> BigInt,
        total -> BigInt,
        change_given -> BigInt,
        note -> Nullable<Text>,
        created_at -> Timestamp,
        kind -> Text,
        sri_document_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    sale_lines (id) {
        id -> BigInt,
        sale_id -> BigInt,
        position -> Integer,
        product_id -> BigInt,
        code -> Text,
        name -> Text,
        unit -> Text,
        quantity -> BigInt,
        unit_price -> BigInt,
        discount -> BigInt,
        promotion_id -> Nullable<BigInt>,
        promotion_name -> Nullable<Text>,
        promotion_discount -> BigInt,
        iva_code -> Text,
        iva_rate -> Integer,
        net -> BigInt,
        iva -> BigInt,
        unit_cost -> BigInt,
    }
}

diesel::table! {
    sale_payments (id) {
        id -> BigInt,
        sale_id -> BigInt,
        method -> Text,
        amount -> BigInt,
        received -> Nullable<BigInt>,
        reference -> Nullable<Text>,
        bank_account_id -> Nullable<BigInt>,
        due_date -> Nullable<Date>,
    }
}

diesel::table! {
    receivables (id) {
        id -> BigInt,
        company_id -> BigInt,
        client_id -> BigInt,
        sale_id -> BigInt,
        amount -> BigInt,
        balance -> BigInt,
        due_date -> Date,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    quotes (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        number -> BigInt,
        client_id -> BigInt,
        user_id -> BigInt,
        valid_until -> Date,
        note -> Nullable<Text>,
        gross -> BigInt,
        discount -> BigInt,
        subtotal -> BigInt,
        iva -> BigInt,
        total -> BigInt,
        created_at -> Timestamp,
        sale_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    quote_lines (id) {
        id -> BigInt,
        quote_id -> BigInt,
        position -> Integer,
        product_id -> BigInt,
        code -> Text,
        name -> Text,
        unit -> Text,
        quantity -> BigInt,
        unit_price -> BigInt,
        discount -> BigInt,
        promotion_id -> Nullable<BigInt>,
        promotion_name -> Nullable<Text>,
        promotion_discount -> BigInt,
        iva_code -> Text,
        iva_rate -> Integer,
        net -> BigInt,
        iva -> BigInt,
    }
}

diesel::table! {
    credit_notes (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        emission_point_id -> BigInt,
        sequential -> BigInt,
        number -> Text,
        sale_id -> BigInt,
        client_id -> BigInt,
        user_id -> BigInt,
        reason -> Text,
        refund -> Text,
        subtotal -> BigInt,
        iva -> BigInt,
        total -> BigInt,
        created_at -> Timestamp,
        kind -> Text,
        sri_document_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    credit_note_lines (id) {
        id -> BigInt,
        credit_note_id -> BigInt,
        sale_line_id -> BigInt,
        product_id -> BigInt,
        quantity -> BigInt,
        net -> BigInt,
        iva -> BigInt,
    }
}

diesel::table! {
    /// The dated tax table (`models::taxes::rate`): national rows have no company.
    tax_rates (id) {
        id -> BigInt,
        company_id -> Nullable<BigInt>,
        kind -> Text,
        code -> Text,
        description -> Text,
        percent_bp -> BigInt,
        valid_from -> Date,
        retired -> Bool,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Comprobantes de retención on purchases (`models::purchases::withholding`).
    withholdings (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        purchase_id -> BigInt,
        supplier_id -> BigInt,
        sri_document_id -> BigInt,
        number -> Text,
        date -> Date,
        total -> BigInt,
        late -> Bool,
        at_register -> Bool,
        annulled -> Bool,
        annul_reason -> Nullable<Text>,
        annulled_by -> Nullable<BigInt>,
        annulled_at -> Nullable<Timestamp>,
        user_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    withholding_lines (id) {
        id -> BigInt,
        withholding_id -> BigInt,
        kind -> Text,
        code -> Text,
        base -> BigInt,
        percent_bp -> BigInt,
        amount -> BigInt,
    }
}

diesel::joinable!(withholdings -> sri_documents (sri_document_id));
diesel::joinable!(withholding_lines -> withholdings (withholding_id));
diesel::allow_tables_to_appear_in_same_query!(withholdings, withholding_lines, sri_documents);

diesel::allow_tables_to_appear_in_same_query!(
    companies,
    branch_offices,
    users,
    user_branch_offices,
    sessions,
    email_tokens,
    email_outbox,
    login_failures,
    emission_points,
    categories,
    holidays,
    licences,
    sri_documents,
    sri_document_messages,
    clients,
    warehouses,
    products,
    product_barcodes,
    recipe_lines,
    stocks,
    kardex,
    adjustments,
    adjustment_lines,
    transfers,
    transfer_lines,
    import_jobs,
    cash_registers,
    bank_accounts,
    turns,
    turn_movements,
    turn_refused_withdrawals,
    turn_counts,
    bank_movements,
    cnb_configs,
    cnb_operations,
    document_sequences,
    sales,
    sale_lines,
    sale_payments,
    receivables,
    quotes,
    quote_lines,
    credit_notes,
    credit_note_lines,
);

// Sales: promotions (migration 2026-11-23-000007_promotions).

diesel::table! {
    promotions (id) {
        id -> BigInt,
        company_id -> BigInt,
        name -> Text,
        kind -> Text,
        value -> BigInt,
        buy_n -> Integer,
        pay_m -> Integer,
        target -> Text,
        category_id -> Nullable<BigInt>,
        starts_on -> Date,
        ends_on -> Nullable<Date>,
        weekdays -> Text,
        time_from -> Nullable<Text>,
        time_to -> Nullable<Text>,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    promotion_products (promotion_id, product_id) {
        promotion_id -> BigInt,
        product_id -> BigInt,
        company_id -> BigInt,
    }
}

diesel::joinable!(promotion_products -> promotions (promotion_id));

diesel::allow_tables_to_appear_in_same_query!(promotions, promotion_products);

// Sales: quotes (tables of migration 2026-11-23-000006_sales).

diesel::joinable!(quotes -> clients (client_id));
diesel::joinable!(quote_lines -> quotes (quote_id));

// Product pictures (migration 2026-11-23-000009_product_images).

diesel::table! {
    product_images (product_id) {
        product_id -> BigInt,
        company_id -> BigInt,
        content_type -> Text,
        bytes -> Binary,
    }
}

diesel::joinable!(product_images -> products (product_id));
diesel::allow_tables_to_appear_in_same_query!(products, product_images);

// Electronic billing: signing certificates (migration 2026-11-26-000100_ebilling_certificates).

diesel::table! {
    company_certificates (id) {
        id -> BigInt,
        company_id -> BigInt,
        p12_ciphertext -> Binary,
        p12_nonce -> Binary,
        password_ciphertext -> Binary,
        password_nonce -> Binary,
        holder -> Text,
        ruc -> Nullable<Text>,
        issuer -> Text,
        serial -> Text,
        valid_from -> Timestamp,
        valid_to -> Timestamp,
        active -> Bool,
        created_at -> Timestamp,
        uploaded_by -> Nullable<BigInt>,
    }
}

diesel::joinable!(company_certificates -> companies (company_id));
diesel::allow_tables_to_appear_in_same_query!(company_certificates, companies);

// Facturas (migration 2026-11-26-000300_invoices): a sale of kind invoice points at its SRI document.
diesel::joinable!(sales -> sri_documents (sri_document_id));
// RIDE cache (migration 2026-11-26-000200_ride_cache).
diesel::table! {
    ride_cache (company_id, access_key, format, template_version) {
        company_id -> BigInt,
        access_key -> Text,
        format -> Text,
        template_version -> Text,
        html -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(ride_cache -> companies (company_id));
diesel::allow_tables_to_appear_in_same_query!(ride_cache, companies);

// Electronic credit notes (migration 2026-11-26-000400_electronic_credit_notes): a credit note of
// kind electronic points at its SRI document.
diesel::joinable!(credit_notes -> sri_documents (sri_document_id));

// Electronic billing: guías de remisión (migration 2026-11-26-000500_remission_guides).

diesel::table! {
    remission_guides (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        emission_point_id -> BigInt,
        sequential -> BigInt,
        number -> Text,
        transfer_id -> Nullable<BigInt>,
        sri_document_id -> BigInt,
        carrier_name -> Text,
        carrier_identification -> Text,
        plate -> Text,
        start_date -> Date,
        end_date -> Date,
        user_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    remission_guide_lines (id) {
        id -> BigInt,
        company_id -> BigInt,
        remission_guide_id -> BigInt,
        recipient -> Integer,
        product_id -> Nullable<BigInt>,
        code -> Nullable<Text>,
        description -> Text,
        quantity -> BigInt,
    }
}

diesel::table! {
    remission_guide_emails (id) {
        id -> BigInt,
        company_id -> BigInt,
        remission_guide_id -> BigInt,
        recipient -> Integer,
        email -> Text,
    }
}

diesel::joinable!(remission_guide_lines -> remission_guides (remission_guide_id));
diesel::joinable!(remission_guide_emails -> remission_guides (remission_guide_id));
diesel::joinable!(remission_guides -> sri_documents (sri_document_id));
diesel::allow_tables_to_appear_in_same_query!(
    remission_guides,
    remission_guide_lines,
    remission_guide_emails,
    sri_documents
);

// The sales report's summary (migration 2026-11-27-140000_report_summary).

diesel::table! {
    report_sales (company_id, branch_office_id, day, user_id, register_id, client_id) {
        company_id -> BigInt,
        branch_office_id -> BigInt,
        day -> Date,
        user_id -> BigInt,
        register_id -> BigInt,
        client_id -> BigInt,
        sales -> BigInt,
        base -> BigInt,
        iva -> BigInt,
        cost -> BigInt,
    }
}

diesel::table! {
    report_products (company_id, branch_office_id, day, product_id, category_id) {
        company_id -> BigInt,
        branch_office_id -> BigInt,
        day -> Date,
        product_id -> BigInt,
        category_id -> BigInt,
        sales -> BigInt,
        category_sales -> BigInt,
        base -> BigInt,
        iva -> BigInt,
        cost -> BigInt,
        units -> BigInt,
    }
}

diesel::table! {
    report_methods (company_id, branch_office_id, day, method) {
        company_id -> BigInt,
        branch_office_id -> BigInt,
        day -> Date,
        method -> Text,
        sales -> BigInt,
        base -> BigInt,
        iva -> BigInt,
        cost -> BigInt,
    }
}

// Purchases: suppliers, purchases, payables (migration 2026-11-27-160000_purchases).

diesel::table! {
    suppliers (id) {
        id -> BigInt,
        company_id -> BigInt,
        id_type -> Text,
        identification -> Text,
        name -> Text,
        trade_name -> Nullable<Text>,
        email -> Nullable<Text>,
        phone -> Nullable<Text>,
        credit_days -> Integer,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    purchases (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        kind -> Text,
        idempotency_key -> Text,
        supplier_id -> BigInt,
        document_number -> Nullable<Text>,
        authorization_number -> Nullable<Text>,
        date -> Date,
        warehouse_id -> Nullable<BigInt>,
        category -> Nullable<Text>,
        subtotal -> BigInt,
        discount -> BigInt,
        iva -> BigInt,
        total -> BigInt,
        payment_method -> Text,
        bank_account_id -> Nullable<BigInt>,
        turn_id -> Nullable<BigInt>,
        cancelled -> Bool,
        cancel_reason -> Nullable<Text>,
        cancelled_by -> Nullable<BigInt>,
        cancelled_at -> Nullable<Timestamp>,
        user_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    purchase_lines (id) {
        id -> BigInt,
        purchase_id -> BigInt,
        product_id -> Nullable<BigInt>,
        description -> Text,
        quantity -> BigInt,
        unit_cost -> BigInt,
        discount -> BigInt,
        iva_code -> Text,
        net -> BigInt,
        stock_cost -> BigInt,
    }
}

diesel::table! {
    payables (id) {
        id -> BigInt,
        company_id -> BigInt,
        supplier_id -> BigInt,
        purchase_id -> BigInt,
        amount -> BigInt,
        balance -> BigInt,
        issue_date -> Date,
        due_date -> Date,
        cancelled -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    payable_payments (id) {
        id -> BigInt,
        company_id -> BigInt,
        payable_id -> BigInt,
        method -> Text,
        amount -> BigInt,
        bank_account_id -> Nullable<BigInt>,
        turn_id -> Nullable<BigInt>,
        user_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::joinable!(purchase_lines -> purchases (purchase_id));
diesel::joinable!(purchases -> suppliers (supplier_id));
diesel::joinable!(payables -> suppliers (supplier_id));
diesel::joinable!(payable_payments -> payables (payable_id));

diesel::allow_tables_to_appear_in_same_query!(
    suppliers,
    purchases,
    purchase_lines,
    payables,
    payable_payments
);

// Receivables (migration 2026-11-27-150000_receivables): per-company counters, collection
// receipts and their allocations over receivables.
diesel::table! {
    company_sequences (id) {
        id -> BigInt,
        company_id -> BigInt,
        doc_type -> Text,
        last_number -> BigInt,
    }
}

diesel::table! {
    collection_receipts (id) {
        id -> BigInt,
        company_id -> BigInt,
        number -> BigInt,
        idempotency_key -> Text,
        client_id -> BigInt,
        user_id -> BigInt,
        method -> Text,
        amount -> BigInt,
        applied -> BigInt,
        bank_account_id -> Nullable<BigInt>,
        reference -> Nullable<Text>,
        turn_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        reversed_at -> Nullable<Timestamp>,
        reversed_by -> Nullable<BigInt>,
        reversal_reason -> Nullable<Text>,
    }
}

diesel::table! {
    collection_allocations (id) {
        id -> BigInt,
        company_id -> BigInt,
        receipt_id -> BigInt,
        receivable_id -> BigInt,
        amount -> BigInt,
    }
}

diesel::joinable!(collection_allocations -> collection_receipts (receipt_id));
diesel::joinable!(collection_allocations -> receivables (receivable_id));
diesel::joinable!(receivables -> clients (client_id));
diesel::joinable!(receivables -> sales (sale_id));
diesel::allow_tables_to_appear_in_same_query!(collection_receipts, collection_allocations);
diesel::allow_tables_to_appear_in_same_query!(collection_receipts, receivables);
diesel::allow_tables_to_appear_in_same_query!(collection_receipts, clients);
diesel::allow_tables_to_appear_in_same_query!(collection_receipts, users);
diesel::allow_tables_to_appear_in_same_query!(collection_allocations, receivables);
diesel::allow_tables_to_appear_in_same_query!(collection_allocations, sales);
diesel::allow_tables_to_appear_in_same_query!(collection_allocations, clients);

// Lector .SRI (migration 2026-11-27-170000_lector): received documents, their imports, and the
// supplier product codes mapped to the company's products.
diesel::table! {
    lector_jobs (id) {
        id -> BigInt,
        company_id -> BigInt,
        user_id -> Nullable<BigInt>,
        file_name -> Text,
        status -> Text,
        total -> BigInt,
        processed -> BigInt,
        found -> BigInt,
        keys -> Text,
        errors -> Text,
        error_count -> BigInt,
        lease_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    received_documents (id) {
        id -> BigInt,
        company_id -> BigInt,
        access_key -> Text,
        doc_type -> Text,
        issuer_ruc -> Text,
        issuer_name -> Text,
        number -> Text,
        issue_date -> Date,
        total -> BigInt,
        xml -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    received_imports (id) {
        id -> BigInt,
        company_id -> BigInt,
        access_key -> Text,
        purchase_id -> BigInt,
        user_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    supplier_product_mappings (id) {
        id -> BigInt,
        company_id -> BigInt,
        supplier_id -> BigInt,
        supplier_code -> Text,
        product_id -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::joinable!(supplier_product_mappings -> suppliers (supplier_id));
diesel::joinable!(supplier_product_mappings -> products (product_id));
diesel::allow_tables_to_appear_in_same_query!(supplier_product_mappings, suppliers);
diesel::allow_tables_to_appear_in_same_query!(supplier_product_mappings, products);
diesel::allow_tables_to_appear_in_same_query!(received_documents, received_imports);
diesel::allow_tables_to_appear_in_same_query!(suppliers, products);

// Restaurant (migration 2026-11-28-100000_restaurant): zones, tables, reservations, orders with
// their items, and the event log of the kitchen screens.
diesel::table! {
    restaurant_zones (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        name -> Text,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    restaurant_tables (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        zone_id -> BigInt,
        name -> Text,
        seats -> Integer,
        shape -> Text,
        x -> Integer,
        y -> Integer,
        active -> Bool,
        locked -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    restaurant_reservations (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        client_name -> Text,
        phone -> Text,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        people -> Integer,
        notes -> Nullable<Text>,
        state -> Text,
        locked -> Bool,
        user_id -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    restaurant_reservation_tables (id) {
        id -> BigInt,
        company_id -> BigInt,
        reservation_id -> BigInt,
        table_id -> BigInt,
    }
}

diesel::table! {
    restaurant_orders (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        number -> BigInt,
        kind -> Text,
        table_id -> Nullable<BigInt>,
        client_id -> Nullable<BigInt>,
        delivery_name -> Nullable<Text>,
        delivery_phone -> Nullable<Text>,
        delivery_address -> Nullable<Text>,
        delivery_reference -> Nullable<Text>,
        delivery_expected_at -> Nullable<Timestamp>,
        state -> Text,
        bill_requested -> Bool,
        rounds -> Integer,
        user_id -> BigInt,
        closed_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    restaurant_order_items (id) {
        id -> BigInt,
        company_id -> BigInt,
        order_id -> BigInt,
        product_id -> BigInt,
        name -> Text,
        quantity -> BigInt,
        notes -> Nullable<Text>,
        modifiers -> Text,
        station -> Text,
        round -> Integer,
        state -> Text,
        void_reason -> Nullable<Text>,
        voided_by -> Nullable<BigInt>,
        voided_at -> Nullable<Timestamp>,
        sale_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    restaurant_events (id) {
        id -> BigInt,
        company_id -> BigInt,
        branch_office_id -> BigInt,
        seq -> BigInt,
        order_id -> Nullable<BigInt>,
        kind -> Text,
        payload -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(restaurant_tables -> restaurant_zones (zone_id));
diesel::joinable!(restaurant_reservation_tables -> restaurant_reservations (reservation_id));
diesel::joinable!(restaurant_reservation_tables -> restaurant_tables (table_id));
diesel::joinable!(restaurant_orders -> restaurant_tables (table_id));
diesel::joinable!(restaurant_order_items -> restaurant_orders (order_id));
diesel::joinable!(restaurant_order_items -> products (product_id));
diesel::allow_tables_to_appear_in_same_query!(restaurant_zones, restaurant_tables);
diesel::allow_tables_to_appear_in_same_query!(
    restaurant_reservations,
    restaurant_reservation_tables
);
diesel::allow_tables_to_appear_in_same_query!(restaurant_tables, restaurant_reservation_tables);
diesel::allow_tables_to_appear_in_same_query!(restaurant_tables, restaurant_orders);
diesel::allow_tables_to_appear_in_same_query!(restaurant_orders, restaurant_order_items);
diesel::allow_tables_to_appear_in_same_query!(restaurant_order_items, products);
diesel::allow_tables_to_appear_in_same_query!(restaurant_tables, restaurant_reservations);
