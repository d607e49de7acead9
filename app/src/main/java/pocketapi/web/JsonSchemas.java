package pocketapi.web;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pocketapi.files.Json;

/**
 * The JSON Schemas of the answers, made from the record types that write them, so a record cannot gain a field its
 * schema lacks: each record is an object of its components (by their JSON names, {@link JsonProperty}), in the order
 * they are written ({@link JsonPropertyOrder}), a {@link JsonUnwrapped} record's inlined; every one required but those
 * left out when empty ({@link JsonInclude}); none null but the {@link Nullable} ones; no other property allowed. A
 * sealed interface is any of the records it permits. Descriptions come from {@link JsonClassDescription} and
 * {@link JsonPropertyDescription}. Each record is one schema of {@code components}, named by its simple name. Not
 * thread-safe: one per document.
 */
final class JsonSchemas {
    private final ObjectNode schemas = Json.mapper().createObjectNode();
    private final Map<String, Class<?>> named = new HashMap<>();
    private final Map<Class<?>, String> names;

    /** @param names the schemas named otherwise than their record ({@code Failure} is {@code Error}) */
    JsonSchemas(Map<Class<?>, String> names) {
        this.names = names;
    }

    /** Every schema referred to so far, by name: {@code components.schemas}. */
    ObjectNode schemas() {
        return schemas;
    }

    /** The schema of {@code type}: a reference to its entry of {@link #schemas} for a record. */
    ObjectNode of(Type type) {
        return schema(type, false);
    }

    private ObjectNode schema(Type type, boolean nullable) {
        ObjectNode s = Json.mapper().createObjectNode();
        Class<?> raw = raw(type);
        if (raw.isRecord() || raw.isSealed()) {
            s.put("$ref", "#/components/schemas/" + define(raw));
            return nullable ? anyOfNull(s) : s;
        }
        String kind;
        if (raw == String.class || raw == char.class || raw == Character.class) {
            kind = "string";
        } else if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class) {
            kind = "integer";
        } else if (raw == boolean.class || raw == Boolean.class) {
            kind = "boolean";
        } else if (Number.class.isAssignableFrom(raw) || raw == double.class) {
            kind = "number";
        } else if (Collection.class.isAssignableFrom(raw) && type instanceof ParameterizedType p) {
            kind = "array";
            s.set("items", schema(p.getActualTypeArguments()[0], false));
        } else {
            throw new IllegalArgumentException("no JSON Schema for " + type + ": give an answer's record simple types");
        }
        if (nullable) {
            s.putArray("type").add(kind).add("null");
        } else {
            s.put("type", kind);
        }
        if (kind.equals("array")) {
            s.set("items", s.remove("items")); // after its type, as people write it
        }
        return s;
    }

    private static ObjectNode anyOfNull(ObjectNode s) {
        ObjectNode either = Json.mapper().createObjectNode();
        ArrayNode any = either.putArray("anyOf");
        any.add(s);
        any.addObject().put("type", "null");
        return either;
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    /** Defines the schema of a record or sealed interface once; its name. */
    private String define(Class<?> type) {
        String name = names.getOrDefault(type, type.getSimpleName());
        Class<?> before = named.putIfAbsent(name, type);
        if (before != null) {
            if (before != type) {
                throw new IllegalStateException(
                        "two answer types named " + name + ": " + before.getName() + ", " + type.getName());
            }
            return name;
        }
        ObjectNode s = schemas.putObject(name); // placed first, so a record that refers to itself ends
        JsonClassDescription about = type.getAnnotation(JsonClassDescription.class);
        if (type.isSealed()) {
            if (about != null) {
                s.put("description", about.value());
            }
            ArrayNode any = s.putArray("anyOf");
            for (Class<?> permitted : type.getPermittedSubclasses()) {
                any.add(schema(permitted, false));
            }
            return name;
        }
        s.put("type", "object");
        if (about != null) {
            s.put("description", about.value());
        }
        ObjectNode properties = s.putObject("properties");
        ArrayNode required = s.putArray("required");
        properties(type, properties, required);
        s.put("additionalProperties", false);
        return name;
    }

    /** The properties of a record's JSON, in the order they are written. */
    private void properties(Class<?> type, ObjectNode properties, ArrayNode required) {
        Map<String, RecordComponent> byName = new LinkedHashMap<>();
        for (RecordComponent c : type.getRecordComponents()) {
            byName.put(c.getName(), c);
        }
        List<String> order = new ArrayList<>();
        JsonPropertyOrder written = type.getAnnotation(JsonPropertyOrder.class);
        if (written != null) {
            order.addAll(Arrays.asList(written.value()));
        }
        Map<String, ObjectNode> all = new LinkedHashMap<>();
        List<String> must = new ArrayList<>();
        for (RecordComponent c : byName.values()) {
            if (c.getAccessor().isAnnotationPresent(JsonUnwrapped.class)) {
                ObjectNode inner = Json.mapper().createObjectNode();
                ArrayNode innerRequired = Json.mapper().createArrayNode();
                properties(c.getType(), inner, innerRequired);
                inner.fields().forEachRemaining(e -> all.put(e.getKey(), (ObjectNode) e.getValue()));
                innerRequired.forEach(n -> must.add(n.asText()));
                continue;
            }
            JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
            String name = renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName();
            ObjectNode p = schema(c.getGenericType(), c.isAnnotationPresent(Nullable.class));
            JsonPropertyDescription about = c.getAccessor().getAnnotation(JsonPropertyDescription.class);
            if (about != null) {
                p = describe(p, about.value());
            }
            all.put(name, p);
            JsonInclude include = c.getAccessor().getAnnotation(JsonInclude.class);
            if (include == null || include.value() == JsonInclude.Include.ALWAYS) {
                must.add(name);
            }
        }
        for (String name : order) {
            if (all.containsKey(name)) {
                properties.set(name, all.remove(name));
            }
        }
        all.forEach(properties::set);
        for (var e : (Iterable<Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>>) properties::fields) {
            if (must.contains(e.getKey())) {
                required.add(e.getKey());
            }
        }
    }

    /** A property's schema with its description (beside a reference: allowed in OpenAPI 3.1). */
    private static ObjectNode describe(ObjectNode schema, String description) {
        ObjectNode described = Json.mapper().createObjectNode();
        described.put("description", description);
        described.setAll(schema);
        return described;
    }
}
