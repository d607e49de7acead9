package pocketapi.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a route is and what it answers, as the API's reference says it ({@link OpenApi}): a summary, a description, each
 * answer it may give (status, media type, schema, an example), the path's own parameters and the security it takes.
 * Declared with the route ({@link Routes}), beside its query parameters, so the reference is said once, where the route
 * is. Every route also answers 400 when it reads a query, and 405 to any method but GET and HEAD: those the document
 * adds by itself. Immutable: each method returns a new one.
 */
public final class Doc {
    /**
     * An example of an answer: the query that gets it ({@code date=2026-10-01}; "" for none) and the answer, made when
     * the document is: a record (written as the service writes it), JSON bytes, or text. A test sends each example's
     * request to a real server and compares.
     */
    public record Example(String query, Supplier<?> answer) {}

    /**
     * One answer a route may give.
     *
     * @param type its media type (null: no body)
     * @param schema a record class (its JSON Schema, made from its components), a JSON Schema as a map, or null
     * @param example null for none
     * @param headers the headers it carries that a client reads ({@code Location}, {@code ETag} ...)
     */
    record Answer(int status, String about, String type, Object schema, Example example, List<String> headers) {}

    /** A path parameter ({@code {name}}), described. */
    record PathParam(String name, String description, Map<String, Object> schema) {}

    private final String summary;
    private final String description;
    private final List<Answer> answers;
    private final List<PathParam> pathParams;
    private final boolean bearer;

    private Doc(String summary, String description, List<Answer> answers, List<PathParam> pathParams, boolean bearer) {
        this.summary = summary;
        this.description = description;
        this.answers = List.copyOf(answers);
        this.pathParams = List.copyOf(pathParams);
        this.bearer = bearer;
    }

    /**
     * @param summary what the route does, in a few words (the reference's heading)
     * @param description what a reader needs to use it: what it answers, and how the parameters work together
     */
    public static Doc of(String summary, String description) {
        return new Doc(summary, description, List.of(), List.of(), false);
    }

    String summary() {
        return summary;
    }

    String description() {
        return description;
    }

    List<Answer> answers() {
        return answers;
    }

    List<PathParam> pathParams() {
        return pathParams;
    }

    boolean bearer() {
        return bearer;
    }

    private Doc with(Answer answer) {
        List<Answer> all = new ArrayList<>(answers);
        all.add(answer);
        return new Doc(summary, description, all, pathParams, bearer);
    }

    /** A 200 JSON answer: the record {@code type} as the service writes it. */
    public Doc json(Class<? extends Record> type, String about) {
        return with(new Answer(200, about, "application/json", type, null, List.of()));
    }

    /** A 200 JSON answer, with an example: the answer to the route's {@code query}, carrying {@code headers}. */
    public Doc json(Class<? extends Record> type, String about, String query, Supplier<?> example, String... headers) {
        return with(new Answer(200, about, "application/json", type, new Example(query, example), List.of(headers)));
    }

    /** A 200 JSON answer of a shape no record has (the document itself). */
    public Doc json(Map<String, Object> schema, String about) {
        return with(new Answer(200, about, "application/json", schema, null, List.of()));
    }

    /** A 200 text answer, {@code text/plain; charset=utf-8}: one of {@code values} (none: any text). */
    public Doc text(String about, String... values) {
        return with(new Answer(200, about, "text/plain", textSchema(values), null, List.of()));
    }

    /** A 200 text answer, with an example: the answer to the route's {@code query}. */
    public Doc text(String about, String query, Supplier<String> example, String... values) {
        return with(new Answer(200, about, "text/plain", textSchema(values), new Example(query, example), List.of()));
    }

    private static Map<String, Object> textSchema(String... values) {
        return values.length == 0 ? Map.of("type", "string") : Map.of("type", "string", "enum", List.of(values));
    }

    /**
     * A 200 answer of another media type ({@code text/calendar}, {@code image/svg+xml}): text, or with {@code binary}
     * bytes (a picture), carrying {@code headers}.
     */
    public Doc body(String type, String about, boolean binary, String... headers) {
        Map<String, Object> schema =
                binary ? Map.of("type", "string", "contentMediaType", type) : Map.of("type", "string");
        return with(new Answer(200, about, type, schema, null, List.of(headers)));
    }

    /** A 302 redirect, its target in {@code Location}, no body. */
    public Doc redirect(String about) {
        return with(new Answer(302, about, null, null, null, List.of("Location", "Cache-Control")));
    }

    /** A 304: the client's copy ({@code If-None-Match}) is current; no body. */
    public Doc notModified(String about) {
        return with(new Answer(304, about, null, null, null, List.of("ETag")));
    }

    /** An error answer ({@code 404}, {@code 403} ...), with the one error body every error has. */
    public Doc error(int status, String about) {
        return with(new Answer(status, about, "application/json", Responses.Failure.class, null, List.of()));
    }

    /** A 401 unless the request carries the bearer token: the route's security, and the 401 answer. */
    public Doc bearer(String about) {
        Doc secured = new Doc(summary, description, answers, pathParams, true);
        return secured.with(
                new Answer(401, about, "application/json", Responses.Failure.class, null, List.of("WWW-Authenticate")));
    }

    /** The path parameter {@code name} ({@code /img/{name}}), described, its values by {@code schema}. */
    public Doc path(String name, String about, Map<String, Object> schema) {
        List<PathParam> all = new ArrayList<>(pathParams);
        all.add(new PathParam(name, about, schema));
        return new Doc(summary, description, answers, all, bearer);
    }
}
