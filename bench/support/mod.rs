//! Helpers shared by the benchmarks that drive a real server over HTTP.

/// The value of cookie `name` set by a response head (`set-cookie: name=value; …`).
pub fn cookie_value(head: &str, name: &str) -> Option<String> {
    let prefix = format!("set-cookie: {name}=");
    head.lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .starts_with(&prefix)
                .then(|| l[prefix.len()..].to_string())
        })
        .and_then(|v| v.split(';').next().map(str::to_string))
}
