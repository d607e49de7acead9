package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.util.List;

import pocketapi.util.JsonText;

/**
 * Builds one small JSON object, fields in the order they are put. Our bodies are a handful of
 * fixed fields, so this is all the JSON writing the service needs: no mapper, no reflection, and
 * nothing to load at start-up. Strings are escaped as RFC 8259 requires; other characters,
 * Chinese included, are written as UTF-8. Not thread-safe: one per body.
 */
final class JsonObject {
    private final StringBuilder out = new StringBuilder(160).append('{');

    /** A string, or {@code null} when {@code value} is null. */
    JsonObject put(String name, String value) {
        name(name);
        if (value == null) {
            out.append("null");
        } else {
            quote(value);
        }
        return this;
    }

    JsonObject put(String name, long value) {
        name(name);
        out.append(value);
        return this;
    }

    JsonObject put(String name, boolean value) {
        name(name);
        out.append(value);
        return this;
    }

    /** An object, or {@code null} when {@code value} is null. */
    JsonObject put(String name, JsonObject value) {
        name(name);
        if (value == null) {
            out.append("null");
        } else {
            out.append(value.out).append('}');
        }
        return this;
    }

    /** An array of strings, or of objects. */
    JsonObject putArray(String name, List<?> values) {
        name(name);
        out.append('[');
        for (int i = 0; i < values.size(); i++) {
            out.append(i > 0 ? "," : "");
            if (values.get(i) instanceof JsonObject o) {
                out.append(o.out).append('}');
            } else {
                quote(String.valueOf(values.get(i)));
            }
        }
        out.append(']');
        return this;
    }

    byte[] bytes() {
        return toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return out + "}";
    }

    private void name(String name) {
        if (out.length() > 1) {
            out.append(',');
        }
        quote(name);
        out.append(':');
    }

    private void quote(String s) {
        JsonText.quote(out, s);
    }
}
