package pocketapi.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import pocketapi.files.Json;
import pocketapi.web.Query.Param;

/**
 * The API described once: an OpenAPI 3.1 document built from the routes as the modules registered them, each query
 * parameter from its own declaration ({@link Param#schema}), so it cannot drift from what the service reads. Served at
 * {@code /openapi.json}; made at the first request, then kept. Thread-safe.
 */
final class OpenApi {
    private static final Pattern PATH_PARAM = Pattern.compile("[{<](\\w+)[}>]");

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
                "Chinese public-holiday calendar, random pictures and usage counters. Every route answers GET and "
                        + "HEAD and nothing else (405); a parameter value not accepted, or a name that looks like "
                        + "a misspelling of a listed one (Y for y), is 400 with a JSON error naming it; other "
                        + "names are ignored. Counted routes (x-counted) add to /api/info.");
        info.putObject("license").put("name", "MIT").put("identifier", "MIT");
        Set<String> tags = new LinkedHashSet<>();
        ObjectNode paths = doc.putObject("paths");
        for (Routes.Route route : routes.all()) {
            String path = PATH_PARAM.matcher(route.path()).replaceAll("{$1}");
            if (paths.has(path)) {
                continue;
            }
            tags.add(route.module());
            ObjectNode get = paths.putObject(path).putObject("get");
            get.putArray("tags").add(route.module());
            get.put("operationId", operationId(path));
            get.put("x-counted", route.counted());
            ArrayNode parameters = get.putArray("parameters");
            Matcher named = PATH_PARAM.matcher(route.path());
            while (named.find()) {
                ObjectNode p = parameters.addObject();
                p.put("name", named.group(1));
                p.put("in", "path");
                p.put("required", true);
                p.putObject("schema").put("type", "string");
            }
            for (Param<?> param : route.params()) {
                ObjectNode p = parameters.addObject();
                p.put("name", param.name());
                p.put("in", "query");
                p.put("required", false);
                p.set("schema", Json.mapper().valueToTree(param.schema()));
            }
            ObjectNode responses = get.putObject("responses");
            responses.putObject("200").put("description", "the answer");
            if (!route.params().isEmpty()) {
                responses.putObject("400").put("description", "a parameter not accepted: a JSON error naming it");
            }
            if (named.reset().find()) {
                responses.putObject("404").put("description", "no such name: a JSON error listing those there are");
            }
        }
        ArrayNode list = doc.putArray("tags");
        tags.forEach(t -> list.addObject().put("name", t));
        return doc;
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
