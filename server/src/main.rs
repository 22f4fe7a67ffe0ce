fn main() -> std::process::ExitCode {
    // Before the runtime's threads exist.
    anfitrion_server::auth::claves::preparar_memoria();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime de tokio")
        .block_on(principal())
}

async fn principal() -> std::process::ExitCode {
    let cli = anfitrion_server::cli::leer();
    anfitrion_server::telemetry::iniciar(cli.log_format);
    match anfitrion_server::cli::ejecutar(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
