-- Rendered RIDEs of authorized electronic documents (issue 23, "RIDE cache"): an authorized
-- document never changes, so each printable page is rendered once per UI build and served from
-- here by every app server. `template_version` is the UI build id (`ssr::bundle::build_id`) plus
-- `+` and the company's last change (its logo is on the page but not in the document): a
-- new build or logo renders again; rows of older versions are never read. The access check (session,
-- company) runs before a row is served.

CREATE TABLE ride_cache (
    company_id BIGINT NOT NULL REFERENCES companies (id),
    access_key TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('A4SRI', 'Ticket80')),
    template_version TEXT NOT NULL,
    html TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (company_id, access_key, format, template_version)
);
