package pocketapi.web;

import io.javalin.http.Handler;
import java.util.ArrayList;
import java.util.List;

/**
 * The landing page ({@code GET /}, not counted): the shell read from the jar once ({@code web/page.html}: its style,
 * the helpers every section's script draws with), filled for each view with the parts of the modules served, in their
 * order: the top strip, the sections, the footer, and which capabilities are served. Thread-safe.
 */
final class Page {
    private Page() {}

    static Handler landing(List<Module> modules) {
        String shell = Html.resource("web/page.html");
        List<String> served = new ArrayList<>();
        modules.forEach(m -> served.add(m.name()));
        String withServed = shell.replace("{{served}}", served.isEmpty() ? "—" : String.join(" · ", served));
        return ctx -> {
            StringBuilder top = new StringBuilder();
            StringBuilder sections = new StringBuilder();
            StringBuilder footer = new StringBuilder();
            for (Module m : modules) {
                top.append(m.top());
                sections.append(m.section());
                footer.append(m.footer());
            }
            ctx.header("Cache-Control", "no-cache")
                    .contentType("text/html; charset=utf-8")
                    .result(withServed
                            .replace("{{top}}", top)
                            .replace("{{sections}}", sections)
                            .replace("{{footer}}", footer));
        };
    }
}
