package pocketapi.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import pocketapi.files.Json;

/**
 * Checks an answer against the service's own OpenAPI document, as a validating proxy would: its path is one of the
 * document's (else the answer is an error with the one error body), its status one the route's operation declares (any
 * method but GET or HEAD: its 405), each header the declared answer names is there, its media type is one declared, and
 * its body valid against the declared schema by networknt's JSON Schema validator (the document's own dialect, OpenAPI
 * 3.1); a 302 or 304 has no body, nor has any answer to HEAD. One per document, made once and kept: the schemas compile
 * once. Thread-safe.
 */
final class DocumentedAnswers {
    private static final Map<String, DocumentedAnswers> MADE = new ConcurrentHashMap<>();
    private static final String IRI = "https://pocketapi.test/openapi.json";

    private final JsonNode document;
    private final SchemaRegistry registry;
    private final Map<String, Pattern> paths = new java.util.LinkedHashMap<>();
    private final Map<String, Schema> compiled = new ConcurrentHashMap<>();

    private DocumentedAnswers(String text) throws IOException {
        document = Json.mapper().readTree(text);
        registry = SchemaRegistry.withDialect(Dialects.getOpenApi31(), b -> b.schemas(Map.of(IRI, text)));
        // A path parameter is one segment ({name}), else, tried after, several (<entry>: samples/a.png).
        for (String segments : List.of("[^/]+", ".+")) {
            document.get("paths")
                    .fieldNames()
                    .forEachRemaining(p -> paths.put(
                            p + " " + segments,
                            Pattern.compile(p.replace(".", "\\.").replaceAll("\\{\\w+}", segments))));
        }
    }

    /** The checker of a document, made once per document's text. */
    static DocumentedAnswers of(String text) {
        return MADE.computeIfAbsent(text, t -> {
            try {
                return new DocumentedAnswers(t);
            } catch (IOException e) {
                throw new IllegalStateException("/openapi.json is not JSON", e);
            }
        });
    }

    /** What the document does not say of an answer: nothing when it says it all. */
    List<String> problems(String method, URI uri, int status, Map<String, List<String>> headers, String body) {
        List<String> problems = new ArrayList<>();
        String path = uri.getPath().length() > 1 && uri.getPath().endsWith("/")
                ? uri.getPath().substring(0, uri.getPath().length() - 1)
                : uri.getPath();
        String at = method + " " + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
                + " answered " + status + ": ";
        String template = null;
        for (var p : paths.entrySet()) {
            if (p.getValue().matcher(path).matches()) {
                template = p.getKey().substring(0, p.getKey().indexOf(' '));
                break;
            }
        }
        boolean head = method.equals("HEAD");
        if (template == null || !method.equals("GET") && !head) {
            // No route of the document, or a method none takes: the one error body, whatever the status.
            if (template != null && status != 405) {
                problems.add(at + "a route answers any method but GET and HEAD with 405");
            }
            if (status < 400) {
                problems.add(at + "a path the document does not have is an error");
            }
            if (!head && !body.isEmpty()) {
                check(problems, at, "#/components/schemas/Error", contentType(headers), body);
            }
            return problems;
        }
        String pointer = "/paths/" + template.replace("~", "~0").replace("/", "~1") + "/get/responses/" + status;
        JsonNode response = document.at(pointer);
        if (response.isMissingNode()) {
            problems.add(at + "the document declares no " + status + " for GET " + template);
            return problems;
        }
        if (response.has("$ref")) {
            pointer = response.get("$ref").asText().substring(1);
            response = document.at(pointer);
        }
        response.path("headers").fieldNames().forEachRemaining(name -> {
            if (!headers.containsKey(name.toLowerCase(java.util.Locale.ROOT))) {
                problems.add(at + "no " + name + " header, which the document declares");
            }
        });
        JsonNode content = response.path("content");
        if (content.isMissingNode()) {
            if (!body.isEmpty()) {
                problems.add(at + "a body, where the document declares none");
            }
            return problems;
        }
        String type = contentType(headers);
        String base = type == null ? null : type.replaceFirst(";.*", "").strip();
        if (base == null || !content.has(base)) {
            problems.add(at + "Content-Type " + type + ", not one the document declares: " + content.properties());
            return problems;
        }
        JsonNode schema = content.get(base).path("schema");
        if (head || schema.isMissingNode() || schema.has("contentMediaType")) {
            return problems; // no body to read, nor a schema a picture's bytes are read against
        }
        check(problems, at, "#" + pointer + "/content/" + base.replace("/", "~1") + "/schema", base, body);
        return problems;
    }

    private void check(List<String> problems, String at, String schema, String type, String body) {
        JsonNode value;
        if (type != null && type.startsWith("application/json")) {
            try {
                value = Json.mapper().readTree(body);
            } catch (IOException e) {
                problems.add(at + "a body that is not JSON: " + Query.cut(body));
                return;
            }
        } else {
            value = TextNode.valueOf(body);
        }
        Schema s = compiled.computeIfAbsent(schema, p -> registry.getSchema(SchemaLocation.of(IRI + p)));
        s.validate(value).forEach(e -> problems.add(at + e.getMessage() + " in " + Query.cut(body)));
    }

    private static String contentType(Map<String, List<String>> headers) {
        List<String> values = headers.get("content-type");
        return values == null || values.isEmpty() ? null : values.get(0);
    }
}
