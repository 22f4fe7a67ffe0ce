// swagger-ui-dist ships no declarations; the page calls its one function with plain options.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  const SwaggerUI: (opciones: Record<string, unknown>) => unknown;
  export default SwaggerUI;
}
