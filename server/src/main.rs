use clap::Parser;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    anfitrion_server::telemetry::iniciar();
    match anfitrion_server::cli::ejecutar(anfitrion_server::cli::Cli::parse()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
