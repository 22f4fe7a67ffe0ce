// The API reference page (/api/docs): Swagger UI, installed from npm and served by the server
// itself, reading the document the server answers at /api/openapi.json. Its "Try it out" sends
// requests from this page with the key or token typed into "Authorize".
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

SwaggerUI({
  url: '/api/openapi.json',
  dom_id: '#referencia',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
});
