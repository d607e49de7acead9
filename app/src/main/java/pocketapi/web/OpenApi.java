package pocketapi.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.javalin.http.BadRequestResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import pocketapi.files.Json;
import pocketapi.web.Query.Param;

/**
 * The API described once: an OpenAPI 3.1 document built from the routes as the modules registered them, each with what
 * it declared of itself ({@link Doc}: summary, description, answers, examples) and each query parameter from its own
 * declaration ({@link Param}: description, values, whether required), the answers' JSON Schemas from the records that
 * write them ({@link JsonSchemas}), so it cannot drift from what the service reads and writes. The 400 of a route that
 * reads a query (with an example the query reader itself makes), the 405 of every other method, the error body and the
 * security scheme are added here, once. Served at {@code /openapi.json}, rendered for people at {@code /docs}; made at
 * the first request, then kept. Thread-safe.
 */
final class OpenApi {
    private static final Pattern PATH_PARAM = Pattern.compile("[{<](\\w+)[}>]");
    /** Where the manual is: the reference's prose around this document. */
    static final String MANUAL = "https://github.com/pocketapi/pocketapi/tree/main/app/docs";

    static final String SECURITY = "metricsToken";
    private static final Map<String, String> HEADERS = Map.of(
            "Location", "The link the redirect goes to: the picture.",
            "Cache-Control", "How long a cache may keep the answer (never, for a random picture or a badge).",
            "ETag", "The answer's entity tag: send it back in If-None-Match, and an unchanged answer is a 304.",
            "WWW-Authenticate", "Bearer realm=\"metrics\": the scheme the route takes.",
            "Allow", "GET, HEAD: the methods every route takes.",
            "Content-Disposition", "inline, with the feed's file name (pocketapi-holidays.ics).");

    private final Routes routes;
    private volatile byte[] document;

    OpenApi(Routes routes) {
        this.routes = routes;
    }

    byte[] document() throws JsonProcessingException {
        byte[] made = document;
        if (made == null) {
            made = Json.mapper().writeValueAsBytes(build(routes));
            document = made;
        }
        return made;
    }

    /** The document of the routes registered so far. */
    static ObjectNode build(Routes routes) {
        ObjectNode doc = Json.mapper().createObjectNode();
        doc.put("openapi", "3.1.0");
        ObjectNode info = doc.putObject("info");
        info.put("title", "pocketapi");
        info.put("version", version());
        info.put(
                "description",
                "Chinese public holidays (and Hong Kong's, Macau's and Taiwan's), working-day arithmetic, random "
                        + "pictures, a sentence, and usage counters, from one small self-hosted service. Every route "
                        + "answers GET and HEAD (the same answer without its body) and nothing else: any other "
                        + "method is 405 with Allow: GET, HEAD. A parameter value not accepted, or a name that looks "
                        + "like a misspelling of one a route takes (Y for y, ofset for offset), is 400 naming it; "
                        + "other names are ignored (_=1700000000). Every error, on any path, has the same JSON body, "
                        + "{\"status\",\"error\",\"message\"}: an unknown path is 404, a request the server "
                        + "refuses before it reaches a route (a malformed escape, headers too large) 4xx, a request "
                        + "that comes while the service stops 503. Every answer carries Access-Control-Allow-Origin: "
                        + "* and X-Content-Type-Options: nosniff. Routes marked x-counted add to /api/info.");
        info.putObject("contact").put("name", "The pocketapi authors").put("url", MANUAL);
        info.putObject("license").put("name", "MIT").put("identifier", "MIT");
        doc.putObject("externalDocs")
                .put("description", "The manual: one page a capability, the rules every endpoint follows")
                .put("url", MANUAL);
        doc.putArray("servers").addObject().put("url", "/").put("description", "this service");
        // No route asks for a credential but those that say so (/metrics, while METRICS_TOKEN is set).
        doc.putArray("security");
        Set<String> tags = new LinkedHashSet<>();
        ObjectNode paths = doc.putObject("paths");
        JsonSchemas schemas = new JsonSchemas(Map.of(Responses.Failure.class, "Error"));
        schemas.of(Responses.Failure.class);
        boolean secured = false;
        for (Routes.Route route : routes.all()) {
            String path = PATH_PARAM.matcher(route.path()).replaceAll("{$1}");
            if (paths.has(path)) {
                continue;
            }
            tags.add(route.module());
            secured |= route.doc().bearer();
            paths.putObject(path).set("get", operation(route, path, schemas));
        }
        ArrayNode list = doc.putArray("tags");
        Map<String, String> about = routes.modules();
        tags.forEach(t -> list.addObject().put("name", t).put("description", about.getOrDefault(t, "")));
        ObjectNode components = doc.putObject("components");
        components.set("schemas", schemas.schemas());
        ObjectNode notAllowed = components.putObject("responses").putObject("MethodNotAllowed");
        notAllowed.put(
                "description",
                "Any method but GET and HEAD (OPTIONS and POST too) on this path: never the answer to a GET.");
        notAllowed.putObject("headers").set("Allow", header("Allow"));
        notAllowed
                .putObject("content")
                .putObject("application/json")
                .putObject("schema")
                .put("$ref", "#/components/schemas/Error");
        if (secured) {
            components
                    .putObject("securitySchemes")
                    .putObject(SECURITY)
                    .put("type", "http")
                    .put("scheme", "bearer")
                    .put(
                            "description",
                            "METRICS_TOKEN, as Authorization: Bearer <token>; asked for only while it is set.");
        }
        return doc;
    }

    private static ObjectNode operation(Routes.Route route, String path, JsonSchemas schemas) {
        Doc d = route.doc();
        ObjectNode get = Json.mapper().createObjectNode();
        get.putArray("tags").add(route.module());
        get.put("summary", d.summary());
        get.put(
                "description",
                d.description() + (route.counted() ? " Counted in /api/info." : " Not counted in /api/info."));
        get.put("operationId", operationId(path));
        get.put("x-counted", route.counted());
        ArrayNode parameters = get.putArray("parameters");
        Matcher named = PATH_PARAM.matcher(route.path());
        while (named.find()) {
            String name = named.group(1);
            Doc.PathParam declared = d.pathParams().stream()
                    .filter(p -> p.name().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException(route.path() + " does not describe {" + name + "}"));
            ObjectNode p = parameters.addObject();
            p.put("name", name);
            p.put("in", "path");
            p.put("required", true);
            p.put("description", declared.description());
            p.set("schema", Json.mapper().valueToTree(declared.schema()));
        }
        for (Param<?> param : route.params()) {
            ObjectNode p = parameters.addObject();
            p.put("name", param.name());
            p.put("in", "query");
            p.put("required", param.missing() != null);
            p.put("description", param.description());
            p.set("schema", Json.mapper().valueToTree(param.schema()));
            if ("array".equals(param.schema().get("type"))) {
                p.put("explode", true); // c=i&c=k
            }
        }
        ObjectNode responses = get.putObject("responses");
        Map<Integer, List<Doc.Answer>> byStatus = new TreeMap<>();
        d.answers()
                .forEach(a -> byStatus.computeIfAbsent(a.status(), s -> new ArrayList<>())
                        .add(a));
        if (!route.params().isEmpty()) {
            byStatus.computeIfAbsent(400, s -> new ArrayList<>())
                    .add(new Doc.Answer(
                            400,
                            "A parameter not accepted, a required one missing, or a name that looks like a "
                                    + "misspelling of one: the message says which, and what is accepted.",
                            "application/json",
                            Responses.Failure.class,
                            misspelling(route),
                            List.of()));
        }
        byStatus.forEach((status, answers) -> responses.set(String.valueOf(status), response(path, answers, schemas)));
        responses.putObject("405").put("$ref", "#/components/responses/MethodNotAllowed");
        if (d.bearer()) {
            get.putArray("security").addObject().putArray(SECURITY);
        }
        return get;
    }

    /** The answers of one status: their descriptions, headers, and each media type's schema and examples. */
    private static ObjectNode response(String path, List<Doc.Answer> answers, JsonSchemas schemas) {
        ObjectNode r = Json.mapper().createObjectNode();
        r.put(
                "description",
                String.join(
                        " ", answers.stream().map(Doc.Answer::about).distinct().toList()));
        Set<String> headers = new LinkedHashSet<>();
        answers.forEach(a -> headers.addAll(a.headers()));
        if (!headers.isEmpty()) {
            ObjectNode h = r.putObject("headers");
            headers.forEach(name -> h.set(name, header(name)));
        }
        Map<String, List<Doc.Answer>> byType = new LinkedHashMap<>();
        answers.stream()
                .filter(a -> a.type() != null)
                .forEach(a ->
                        byType.computeIfAbsent(a.type(), t -> new ArrayList<>()).add(a));
        if (byType.isEmpty()) {
            return r;
        }
        ObjectNode content = r.putObject("content");
        byType.forEach((type, ofType) -> {
            ObjectNode media = content.putObject(type);
            List<ObjectNode> each = new ArrayList<>();
            ofType.stream().filter(a -> a.schema() != null).forEach(a -> each.add(schema(a, schemas, ofType.size())));
            if (each.size() == 1) {
                media.set("schema", each.get(0));
            } else if (!each.isEmpty()) {
                media.putObject("schema").putArray("oneOf").addAll(each);
            }
            ObjectNode examples = null;
            for (Doc.Answer a : ofType) {
                if (a.example() != null) {
                    examples = examples != null ? examples : media.putObject("examples");
                    Doc.Example e = a.example();
                    String name = e.query().isEmpty() ? "answer" : e.query();
                    examples.putObject(name)
                            .put("summary", "GET " + path + (e.query().isEmpty() ? "" : "?" + e.query()))
                            .set("value", value(e.answer().get(), type));
                }
            }
        });
        return r;
    }

    /** An answer's schema; one of several of its media type carries its description as its title. */
    private static ObjectNode schema(Doc.Answer a, JsonSchemas schemas, int alternatives) {
        ObjectNode s = a.schema() instanceof Class<?> type
                ? schemas.of(type)
                : (ObjectNode) Json.mapper().valueToTree(a.schema());
        if (alternatives > 1) {
            ObjectNode titled = Json.mapper().createObjectNode().put("title", a.about());
            titled.setAll(s);
            return titled;
        }
        return s;
    }

    /** An example's value as the document holds it: JSON for a JSON answer, else the text. */
    private static JsonNode value(Object answer, String type) {
        try {
            if (answer instanceof byte[] bytes) {
                return Json.mapper().readTree(bytes);
            }
            if (answer instanceof String text) {
                return type.equals("application/json") ? Json.mapper().readTree(text) : TextNode.valueOf(text);
            }
            return Json.mapper().valueToTree(answer);
        } catch (IOException e) {
            throw new UncheckedIOException("an example is JSON the service wrote", e);
        }
    }

    /**
     * The 400 of the route's first parameter written in capitals ({@code Y=1}), as the query reader answers it: an
     * example made by the code that answers it.
     */
    private static Doc.Example misspelling(Routes.Route route) {
        String query = route.params().get(0).name().toUpperCase(Locale.ROOT) + "=1";
        return new Doc.Example(query, () -> {
            try {
                Query.read(route.path(), query, route.params(), "");
                throw new IllegalStateException(route.path() + " takes " + query);
            } catch (BadRequestResponse e) {
                return new Responses.Failure(400, "Bad Request", e.getMessage());
            }
        });
    }

    private static ObjectNode header(String name) {
        ObjectNode h = Json.mapper().createObjectNode();
        h.put("description", HEADERS.get(name));
        h.putObject("schema").put("type", "string");
        return h;
    }

    /** {@code /api/holidays/detail} → {@code getApiHolidaysDetail}, unique per path. */
    private static String operationId(String path) {
        StringBuilder id = new StringBuilder("get");
        boolean upper = true;
        for (char c : path.toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                id.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
                if (c == '{') {
                    id.append("By");
                }
            }
        }
        return path.equals("/") ? "getPage" : id.toString();
    }

    private static String version() {
        String v = OpenApi.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
