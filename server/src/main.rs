/// The console's build, embedded here rather than in the library: the library (nearly all of the
/// compile) does not wait for the console, and a new console rebuilds only this file.
#[derive(rust_embed::RustEmbed)]
#[folder = "../frontend/dist"]
#[allow_missing = true]
struct Consola;

fn archivo_consola(ruta: &str) -> Option<std::borrow::Cow<'static, [u8]>> {
    Consola::get(ruta).map(|archivo| archivo.data)
}

fn main() -> std::process::ExitCode {
    // Before the runtime's threads exist.
    anfitrion_server::auth::claves::preparar_memoria();
    anfitrion_server::web::usar_consola(archivo_consola);
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
