// The reference page: Swagger UI (shipped in the jar) over this service's own /openapi.json. Nothing is loaded from
// elsewhere: no validator badge (it would ask validator.swagger.io), no remote config.
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  validatorUrl: null,
  deepLinking: true,
  docExpansion: "list",
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
  supportedSubmitMethods: ["get", "head"],
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
});
