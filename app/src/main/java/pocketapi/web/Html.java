package pocketapi.web;

import java.nio.charset.StandardCharsets;
import pocketapi.files.Resources;

/**
 * What a module draws its part of the page with: its fragment of the jar, and text made safe to put in HTML. Stateless.
 */
public final class Html {
    private Html() {}

    /** A text resource of the jar, such as a module's part of the page ({@code pocketapi/holidays/section.html}). */
    public static String resource(String path) {
        return new String(
                Resources.read(path).orElseThrow(() -> new IllegalStateException(path + " is missing from the jar")),
                StandardCharsets.UTF_8);
    }

    /** {@code text} with {@code & < > "} escaped. */
    public static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
