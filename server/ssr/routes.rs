//! The UI's route table on the server side: which routes a URL matches (react-router's ranking),
//! with what params, and what each matched route requires (sign-in, roles, numeric params).
//!
//! It also holds the guard of the pages ([`needs_session`], [`RouteMatch::admits`],
//! [`RouteMatch::shared_document`]): the document handler, the page-data API, the page-rule API
//! and the page loaders all ask it, so the rule is written once, next to the table it reads.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::models::auth::user::Role;

/// A route as the UI's `route-table.ts` declares it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteDef {
    pub id: String,
    pub path: Option<String>,
    #[serde(default)]
    pub index: bool,
    pub page: String,
    pub title: Option<String>,
    #[serde(default)]
    pub auth: bool,
    pub roles: Option<Vec<Role>>,
    #[serde(default)]
    pub printable: bool,
    #[serde(default)]
    pub numeric_params: Vec<String>,
    /// The server loads the route's data (the browser fetches it from `/api/page-data`).
    #[serde(default)]
    pub data: bool,
    #[serde(default)]
    pub children: Vec<RouteDef>,
}

/// One route of a match, outermost first, with what it inherited from its parents.
#[derive(Debug, Clone)]
pub struct MatchedRoute {
    pub id: String,
    pub page: String,
    /// Roles allowed on this route (its own or the nearest parent's; None: any signed-in role).
    pub roles: Option<Vec<Role>>,
}

/// The result of matching a path.
#[derive(Debug, Clone)]
pub struct RouteMatch {
    /// Matched routes, root first.
    pub chain: Vec<MatchedRoute>,
    pub params: BTreeMap<String, String>,
    /// A signed-in user is required.
    pub auth: bool,
    /// Roles allowed (None: any signed-in role).
    pub roles: Option<Vec<Role>>,
    /// Printable document (no client scripts).
    pub printable: bool,
    /// Params declared numeric that are not.
    pub invalid_params: bool,
}

impl RouteMatch {
    /// The deepest matched route (a match always has one).
    pub fn leaf(&self) -> Option<&MatchedRoute> {
        self.chain.last()
    }

    /// Whether a user with `role` may open the page (the deepest route that lists roles decides).
    pub fn admits(&self, role: Role) -> bool {
        self.roles
            .as_ref()
            .is_none_or(|roles| roles.contains(&role))
    }

    /// A printable document outside the back office (a shared link): signed out, it shows the 403
    /// screen, whose sign-in button comes back to it, instead of sending the visitor away.
    pub fn shared_document(&self, path: &str) -> bool {
        self.printable && !back_office(path)
    }
}

/// Paths of the back office: guarded whatever their route says.
fn back_office(path: &str) -> bool {
    path.contains("admin")
}

/// Whether the page at `path` needs a session — the specification's rule: only paths containing
/// 'admin' are guarded, plus the routes marked `auth` (printable documents).
pub fn needs_session(path: &str, route: Option<&RouteMatch>) -> bool {
    back_office(path) || route.is_some_and(|r| r.auth)
}

#[derive(Debug, Clone, PartialEq)]
enum Segment {
    Static(String),
    Param(String),
    Splat,
}

#[derive(Debug, Clone)]
struct Branch {
    segments: Vec<Segment>,
    score: i32,
    order: usize,
    chain: Vec<RouteDef>,
}

/// The compiled table.
#[derive(Debug)]
pub struct RouteTable {
    branches: Vec<Branch>,
}

fn join(parent: &str, path: &str) -> String {
    if path.starts_with('/') {
        path.to_string()
    } else if parent.ends_with('/') {
        format!("{parent}{path}")
    } else {
        format!("{parent}/{path}")
    }
}

fn parse_segments(path: &str) -> Vec<Segment> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(|s| match s {
            "*" => Segment::Splat,
            p if p.starts_with(':') => Segment::Param(p[1..].to_string()),
            p => Segment::Static(p.to_lowercase()),
        })
        .collect()
}

/// react-router's ranking: static segments beat params, params beat splats, index routes win ties.
fn score(segments: &[Segment], index: bool) -> i32 {
    let mut score = segments.len() as i32;
    if segments.contains(&Segment::Splat) {
        score -= 2;
    }
    if index {
        score += 2;
    }
    score
        + segments
            .iter()
            .map(|s| match s {
                Segment::Static(_) => 10,
                Segment::Param(_) => 3,
                Segment::Splat => 0,
            })
            .sum::<i32>()
}

fn flatten(defs: &[RouteDef], parent_path: &str, parents: &[RouteDef], out: &mut Vec<Branch>) {
    for def in defs {
        let path = match &def.path {
            Some(p) => join(parent_path, p),
            None => parent_path.to_string(),
        };
        let mut chain = parents.to_vec();
        chain.push(RouteDef {
            children: Vec::new(),
            ..def.clone()
        });
        flatten(&def.children, &path, &chain, out);
        if def.path.is_some() || def.index {
            let segments = parse_segments(&path);
            out.push(Branch {
                score: score(&segments, def.index),
                segments,
                order: out.len(),
                chain,
            });
        }
    }
}

impl RouteTable {
    /// Compiles a table.
    pub fn new(defs: &[RouteDef]) -> Self {
        let mut branches = Vec::new();
        flatten(defs, "", &[], &mut branches);
        branches.sort_by(|a, b| b.score.cmp(&a.score).then(a.order.cmp(&b.order)));
        Self { branches }
    }

    /// Every route path without params, with its sign-in requirement and roles (for tests and
    /// tools that must cover each page).
    pub fn static_paths(&self) -> Vec<(String, bool, Option<Vec<Role>>)> {
        self.branches
            .iter()
            .filter(|b| b.segments.iter().all(|s| matches!(s, Segment::Static(_))))
            .map(|b| {
                let path = b.chain.iter().fold(String::new(), |acc, d| match &d.path {
                    Some(p) => join(&acc, p),
                    None => acc,
                });
                let roles = b.chain.iter().rev().find_map(|d| d.roles.clone());
                (
                    if path.is_empty() {
                        "/".to_string()
                    } else {
                        path
                    },
                    b.chain.iter().any(|d| d.auth),
                    roles,
                )
            })
            .collect()
    }

    /// Ids of the routes marked `data` (the server loads their data), sorted.
    pub fn data_routes(&self) -> Vec<String> {
        self.route_ids(|d| d.data)
    }

    /// Every route id of the table, sorted.
    pub fn ids(&self) -> Vec<String> {
        self.route_ids(|_| true)
    }

    /// The ids of the routes that `keep`, sorted, each once (a parent is in many branches).
    fn route_ids(&self, keep: impl Fn(&RouteDef) -> bool) -> Vec<String> {
        let mut ids: Vec<String> = self
            .branches
            .iter()
            .flat_map(|b| b.chain.iter())
            .filter(|d| keep(d))
            .map(|d| d.id.clone())
            .collect();
        ids.sort();
        ids.dedup();
        ids
    }

    /// The table embedded from the UI build.
    #[allow(
        clippy::expect_used,
        reason = "routes.json is embedded by build.rs from the bundle it built: it parses or the build is broken"
    )]
    pub fn embedded() -> &'static RouteTable {
        static TABLE: OnceLock<RouteTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            let defs: Vec<RouteDef> = serde_json::from_str(super::bundle::ROUTES_JSON)
                .expect("routes.json generado por build.mjs");
            RouteTable::new(&defs)
        })
    }

    /// Matches a URL path (without query). `None` when no route matches.
    pub fn find(&self, path: &str) -> Option<RouteMatch> {
        let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        self.branches.iter().find_map(|branch| {
            let params = match_segments(&branch.segments, &parts)?;
            let mut roles = None;
            let chain = branch
                .chain
                .iter()
                .map(|d| {
                    if d.roles.is_some() {
                        roles = d.roles.clone();
                    }
                    MatchedRoute {
                        id: d.id.clone(),
                        page: d.page.clone(),
                        roles: roles.clone(),
                    }
                })
                .collect();
            let invalid_params = branch
                .chain
                .iter()
                .flat_map(|d| &d.numeric_params)
                .any(|name| {
                    params
                        .get(name)
                        .is_some_and(|v| v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()))
                });
            Some(RouteMatch {
                chain,
                auth: branch.chain.iter().any(|d| d.auth),
                printable: branch.chain.iter().any(|d| d.printable),
                roles,
                invalid_params,
                params,
            })
        })
    }
}

fn decode(segment: &str) -> String {
    percent_decode(segment).unwrap_or_else(|| segment.to_string())
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn match_segments(pattern: &[Segment], parts: &[&str]) -> Option<BTreeMap<String, String>> {
    let mut params = BTreeMap::new();
    for (i, segment) in pattern.iter().enumerate() {
        match segment {
            Segment::Splat => {
                params.insert("*".to_string(), parts[i.min(parts.len())..].join("/"));
                return Some(params);
            }
            Segment::Static(s) => {
                if parts.get(i)?.to_lowercase() != *s {
                    return None;
                }
            }
            Segment::Param(name) => {
                params.insert(name.clone(), decode(parts.get(i)?));
            }
        }
    }
    (parts.len() == pattern.len()).then_some(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> RouteTable {
        let json = r#"[{"id":"root","page":"layouts/root","children":[
            {"id":"l","page":"layouts/landing","children":[
                {"id":"login","path":"/login","page":"p/login"},
                {"id":"reset","path":"/login/:tokenReset","page":"p/reset"}]},
            {"id":"admin","path":"/admin","page":"layouts/default","auth":true,"roles":["admin","user"],"children":[
                {"id":"home","index":true,"page":"p/home"},
                {"id":"pdf","path":"ventas/notaventa/:id/pdf","page":"p/pdf","numericParams":["id"],"roles":["admin","user","cashier"]}]},
            {"id":"nf","path":"*","page":"p/nf"}]}]"#;
        RouteTable::new(&serde_json::from_str::<Vec<RouteDef>>(json).unwrap())
    }

    #[test]
    fn static_beats_param_and_splat() {
        let t = table();
        assert_eq!(t.find("/login").unwrap().leaf().unwrap().id, "login");
        let reset = t.find("/login/abc%20d").unwrap();
        assert_eq!(reset.leaf().unwrap().id, "reset");
        assert_eq!(reset.params["tokenReset"], "abc d");
        assert_eq!(t.find("/nada/que/ver").unwrap().leaf().unwrap().id, "nf");
    }

    #[test]
    fn index_route_inherits_parent_rules() {
        let m = table().find("/admin").unwrap();
        assert_eq!(m.leaf().unwrap().id, "home");
        assert!(m.auth);
        assert_eq!(m.roles, Some(vec![Role::Admin, Role::User]));
        assert!(m.admits(Role::User) && !m.admits(Role::Cashier));
        assert_eq!(m.chain[0].roles, None, "the root admits every role");
        assert_eq!(
            m.chain.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
            ["root", "admin", "home"]
        );
    }

    #[test]
    fn child_roles_override_and_numeric_params_are_checked() {
        let t = table();
        let ok = t.find("/admin/ventas/notaventa/12/pdf").unwrap();
        assert_eq!(ok.roles.as_ref().unwrap().len(), 3);
        assert!(!ok.invalid_params);
        assert!(
            t.find("/admin/ventas/notaventa/abc/pdf")
                .unwrap()
                .invalid_params
        );
    }
}
