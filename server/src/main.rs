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
    anfitrion_server::telemetry::iniciar();
    match anfitrion_server::cli::ejecutar(anfitrion_server::cli::leer()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
