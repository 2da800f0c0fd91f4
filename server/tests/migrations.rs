//! Both migration trees must hold the same steps (migrations/README.md).

use std::collections::BTreeSet;
use std::path::Path;

fn folders(backend: &str) -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(backend);
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn sqlite_and_postgres_trees_have_the_same_folders() {
    let sqlite = folders("sqlite");
    assert!(!sqlite.is_empty());
    assert_eq!(sqlite, folders("postgres"));
    for folder in &sqlite {
        for backend in ["sqlite", "postgres"] {
            for file in ["up.sql", "down.sql"] {
                let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("migrations")
                    .join(backend)
                    .join(folder)
                    .join(file);
                assert!(path.is_file(), "falta {}", path.display());
            }
        }
    }
}
