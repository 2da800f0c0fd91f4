//! Builds the web interface so that `cargo build` alone yields a complete binary.
//!
//! 1. Installs `ui/` npm dependencies from the lockfile (`npm ci`) when `ui/node_modules` is missing.
//! 2. Runs `ssr-bundle/build.mjs`, which writes the engine bundle, the hashed client assets (with
//!    `.gz`/`.br` siblings), `manifest.json` and `routes.json` into `$OUT_DIR/ui`.
//! 3. Generates `$OUT_DIR/ui/assets.rs`, the table of embedded public assets, and
//!    `$OUT_DIR/ui/route_id.rs`, the server's `RouteId`: one variant per id of the route table
//!    (`route-ids.txt`), so a new route is written once, in `ui/src/features/<area>/routes.ts`.
//! 4. Looks for Debian's libnode (V8's C++ API in a shared library) and, when found, compiles the
//!    V8 render engine's shim (`server/ssr/v8/shim.cc`) and links it (`cfg(mostrador_v8)`).
//!    When it is missing, runs `scripts/fetch-libnode.sh` once (apt-get download + dpkg -x into
//!    `.libnode/`, no root needed) so a newcomer's first `cargo build` gets V8 by itself.
//!    `MOSTRADOR_ENGINE=quickjs` skips all of it. Without libnode the build succeeds with QuickJS
//!    alone and a warning says why and how to get V8.
//!
//! Reruns only when the UI sources, the bundle recipe, the lockfile, the shim or the local
//! libnode folder change.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const NODE_MISSING: &str = "\n\nMostrador builds its web interface with Node.js (>= 20) and npm, and \
could not run them.\nInstall them (Debian/Ubuntu: `sudo apt-get install nodejs npm`) and build again.\n";

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let ui = root.join("ui");
    for path in [
        "ui/src",
        "ui/package.json",
        "ui/package-lock.json",
        "ssr-bundle/build.mjs",
        "ssr-bundle/src",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=NODE");

    let node = env::var("NODE").unwrap_or_else(|_| "node".into());
    if !ui.join("node_modules").is_dir() {
        run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&ui),
            "npm ci",
        );
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("ui");
    run(
        Command::new(&node)
            .arg(root.join("ssr-bundle/build.mjs"))
            .arg("--out")
            .arg(&out),
        "node ssr-bundle/build.mjs",
    );
    write_asset_table(&out);
    write_route_ids(&out);
    v8_engine(&root);
}

fn run(command: &mut Command, what: &str) {
    match command.status() {
        Ok(status) if status.success() => {}
        Ok(status) => panic!("\n\n`{what}` failed ({status}); see its output above.\n"),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => panic!("{NODE_MISSING}"),
        Err(err) => panic!("\n\ncould not start `{what}`: {err}{NODE_MISSING}"),
    }
}

fn content_type(name: &str) -> &'static str {
    match Path::new(name).extension().and_then(|e| e.to_str()) {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        _ => "application/octet-stream",
    }
}

/// One `Asset` per file of `public/assets`, with its precompressed siblings.
fn write_asset_table(out: &Path) {
    let dir = out.join("public/assets");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("public/assets")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| !n.ends_with(".gz") && !n.ends_with(".br"))
        .collect();
    names.sort();
    let mut code = String::from("&[\n");
    for name in names {
        let path = dir.join(&name);
        let sibling = |ext: &str| {
            let p = PathBuf::from(format!("{}.{ext}", path.display()));
            if p.exists() {
                format!("Some(include_bytes!({:?}))", p.display().to_string())
            } else {
                "None".into()
            }
        };
        writeln!(
            code,
            "    Asset {{ path: {:?}, content_type: {:?}, body: include_bytes!({:?}), gzip: {}, brotli: {} }},",
            format!("assets/{name}"),
            content_type(&name),
            path.display().to_string(),
            sibling("gz"),
            sibling("br"),
        )
        .expect("write");
    }
    code.push(']');
    fs::write(out.join("assets.rs"), code).expect("assets.rs");
}

/// `RouteId`, for `server/views/route_id.rs`: `admin-cash-registers` becomes
/// `AdminCashRegisters = "admin-cash-registers"`, in the order of the route table.
fn write_route_ids(out: &Path) {
    let ids = fs::read_to_string(out.join("route-ids.txt")).expect("route-ids.txt");
    let mut code = String::from(
        "crate::domain::states::text_enum! {\n    /// A route of the UI (react-router route id, hydration key and page-loader key).\n    RouteId {\n",
    );
    for id in ids.lines() {
        let variant: String = id
            .split('-')
            .map(|part| {
                let mut chars = part.chars();
                chars.next().map_or(String::new(), |first| {
                    first.to_ascii_uppercase().to_string() + chars.as_str()
                })
            })
            .collect();
        writeln!(code, "        {variant} = {id:?},").expect("write");
    }
    code.push_str("    }\n}\n");
    fs::write(out.join("route_id.rs"), code).expect("route_id.rs");
}

/// libnode as found on this machine: headers and the shared library of the same Node release.
struct Libnode {
    include: PathBuf,
    lib: PathBuf,
    /// `libnode.so.108`: linked by its soname, so the `libnode.so` dev symlink is not needed.
    soname: String,
}

const GET_V8: &str =
    "run `bash scripts/fetch-libnode.sh` (Debian 12) and build again to get the V8 engine";

/// Runs `scripts/fetch-libnode.sh`, which unpacks Debian's libnode into `.libnode/` without root
/// (it refreshes the package lists only when it may). `Err` says why it could not.
fn fetch_libnode(root: &Path) -> Result<(), String> {
    let output = Command::new("bash")
        .arg(root.join("scripts/fetch-libnode.sh"))
        // From a build, never ask for a sudo password: without root the script uses the package
        // lists as they are.
        .env("FETCH_LIBNODE_NO_SUDO", "1")
        .current_dir(root)
        .output()
        .map_err(|e| format!("could not run scripts/fetch-libnode.sh: {e}"))?;
    if output.status.success() {
        return Ok(());
    }
    let said = String::from_utf8_lossy(&output.stderr);
    Err(format!(
        "scripts/fetch-libnode.sh failed: {}",
        said.lines().last().unwrap_or("no message").trim()
    ))
}

/// Debian's multiarch triplet for the target (`x86_64-linux-gnu`).
fn multiarch() -> String {
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    format!("{arch}-linux-gnu")
}

/// `#define NAME value` from a header.
fn define(header: &Path, name: &str) -> Option<String> {
    let text = fs::read_to_string(header).ok()?;
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("#define ")?.trim_start();
        let value = rest.strip_prefix(name)?;
        value
            .starts_with(char::is_whitespace)
            .then(|| value.trim().to_string())
    })
}

/// libnode under `prefix` (a `dpkg -x` tree, `/`, or an install prefix), or why not.
///
/// Headers and library must be of the same Node release (`NODE_MODULE_VERSION` is the soname's
/// number): NodeSource's nodejs package ships Node 20's headers in /usr/include/node but no
/// shared library, and compiling against them would describe another V8 than the one linked.
fn libnode_in(prefix: &Path) -> Result<Libnode, String> {
    let triplet = multiarch();
    let include = ["usr/include/node", "include/node"]
        .iter()
        .map(|p| prefix.join(p))
        .find(|p| p.join("v8.h").is_file() && p.join("libplatform/libplatform.h").is_file())
        .ok_or_else(|| {
            format!(
                "no V8 headers (include/node/v8.h) under {}",
                prefix.display()
            )
        })?;
    let abi = define(&include.join("node_version.h"), "NODE_MODULE_VERSION")
        .ok_or_else(|| format!("{} has no NODE_MODULE_VERSION", include.display()))?;
    let soname = format!("libnode.so.{abi}");
    let lib = [
        format!("usr/lib/{triplet}"),
        "usr/lib".into(),
        format!("lib/{triplet}"),
        "lib".into(),
    ]
    .iter()
    .map(|p| prefix.join(p))
    .find(|p| p.join(&soname).exists())
    .ok_or_else(|| {
        format!(
            "headers in {} are for {soname}, which is not under {}",
            include.display(),
            prefix.display()
        )
    })?;
    Ok(Libnode {
        include,
        lib,
        soname,
    })
}

/// Where to look, in order: `LIBNODE_DIR` (a prefix; `off` builds QuickJS only), the
/// project-local `.libnode/` that scripts/fetch-libnode.sh fills, the system (`libnode-dev`).
fn find_libnode(root: &Path) -> Result<Libnode, String> {
    if let Ok(dir) = env::var("LIBNODE_DIR") {
        if matches!(dir.as_str(), "off" | "0" | "no" | "none") {
            return Err(format!("LIBNODE_DIR={dir}"));
        }
        return libnode_in(Path::new(&dir)).map_err(|e| format!("LIBNODE_DIR: {e}"));
    }
    let mut reasons = Vec::new();
    for prefix in [root.join(".libnode"), PathBuf::from("/")] {
        match libnode_in(&prefix) {
            Ok(found) => return Ok(found),
            Err(reason) => reasons.push(reason),
        }
    }
    Err(reasons.join("; "))
}

/// Compiles and links the V8 engine when libnode is available; otherwise says so and leaves
/// QuickJS as the only engine. `MOSTRADOR_REQUIRE_V8=1` (set by .ci/run) turns "not available"
/// into a build error, so CI cannot silently test QuickJS alone.
fn v8_engine(root: &Path) {
    println!("cargo::rustc-check-cfg=cfg(mostrador_v8)");
    println!("cargo:rerun-if-env-changed=LIBNODE_DIR");
    println!("cargo:rerun-if-env-changed=MOSTRADOR_REQUIRE_V8");
    println!("cargo:rerun-if-env-changed=MOSTRADOR_ENGINE");
    println!("cargo:rerun-if-changed=server/ssr/v8/shim.cc");
    let required = env::var("MOSTRADOR_REQUIRE_V8").is_ok_and(|v| !v.is_empty() && v != "0");
    let unavailable = |why: String| {
        // Without V8, a later `scripts/fetch-libnode.sh` must make cargo run this again: the
        // folder always exists (its README is tracked) and the script writes a fresh stamp in it.
        // Not watched once libnode is found: a fetch by this very run leaves the folder newer than
        // the run's start, and cargo would run this (and rebuild the crate) on the next build.
        println!("cargo:rerun-if-changed=.libnode");
        if required {
            panic!(
                "\n\nMOSTRADOR_REQUIRE_V8 is set but the V8 engine cannot be built: {why}\n{GET_V8}\n"
            );
        }
        println!("cargo:warning=Building with QuickJS only (no V8 render engine): {why}");
        println!("cargo:warning={GET_V8}");
    };
    if env::var("MOSTRADOR_ENGINE").is_ok_and(|v| v.eq_ignore_ascii_case("quickjs")) {
        return unavailable("MOSTRADOR_ENGINE=quickjs".into());
    }
    let libnode = match find_libnode(root) {
        Ok(found) => found,
        // Not on the machine yet: fetch it once, then look again.
        Err(why) => match fetch_libnode(root).and_then(|()| find_libnode(root)) {
            Ok(found) => {
                println!(
                    "cargo:warning=libnode fetched into .libnode/ by scripts/fetch-libnode.sh: building the V8 engine"
                );
                found
            }
            Err(fetch) => {
                return unavailable(format!(
                    "libnode not found ({why}) and not fetched ({fetch})"
                ));
            }
        },
    };
    for watched in [
        libnode.include.join("node_version.h"),
        libnode.lib.join(&libnode.soname),
    ] {
        println!("cargo:rerun-if-changed={}", watched.display());
    }
    // No V8_COMPRESS_POINTERS / V8_ENABLE_SANDBOX: Debian's libnode has both off.
    let compiled = cc::Build::new()
        .cpp(true)
        .file(root.join("server/ssr/v8/shim.cc"))
        .include(&libnode.include)
        .flag("-std=c++17")
        .flag_if_supported("-Wno-unused-parameter")
        .warnings(true)
        .try_compile("mostrador_v8_shim");
    if let Err(err) = compiled {
        return unavailable(format!(
            "the shim did not compile against {}: {err}",
            libnode.include.display()
        ));
    }
    println!("cargo:rustc-link-search=native={}", libnode.lib.display());
    println!("cargo:rustc-link-lib=dylib:+verbatim={}", libnode.soname);
    let system = [
        format!("/usr/lib/{}", multiarch()),
        format!("/lib/{}", multiarch()),
        "/usr/lib".into(),
        "/lib".into(),
    ]
    .iter()
    .any(|d| Path::new(d) == libnode.lib);
    if !system {
        // DT_RPATH rather than RUNPATH: RUNPATH applies to the binary's own dependencies only,
        // and libnode's (libuv, c-ares) unpacked beside it would not be found.
        println!(
            "cargo:rustc-link-arg=-Wl,--disable-new-dtags,-rpath,{}",
            libnode.lib.display()
        );
    }
    println!("cargo:rustc-cfg=mostrador_v8");
}
