//! The `mostrador` binary: see `cli` for the subcommands.

use clap::Parser;
use tracing_subscriber::EnvFilter;

fn main() -> std::process::ExitCode {
    mostrador::util::memory::return_large_blocks();
    run()
}

#[tokio::main]
async fn run() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,tower_http=warn")),
        )
        .init();
    mostrador::util::task::log_panics();
    match mostrador::cli::run(mostrador::cli::Cli::parse()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("Error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
