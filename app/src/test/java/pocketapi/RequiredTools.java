package pocketapi;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Tests that drive a program from Debian (Chromium, systemd-analyze, redis-server) or npm (Redocly's CLI) skip, saying
 * why, where it is not installed, unless POCKETAPI_REQUIRE_TOOLS=1 (CI sets it after installing them) makes that a
 * failure.
 */
public final class RequiredTools {
    private RequiredTools() {}

    /** Skips (or fails, under POCKETAPI_REQUIRE_TOOLS=1) unless every program is installed. */
    public static void require(String packages, Path... programs) {
        requireAs("Debian: apt-get install " + packages, programs);
    }

    /**
     * The program {@code name} as found on the PATH, else where {@code npm install -g} puts it
     * ({@code /usr/local/bin/NAME}), which {@link #requireAs} then finds missing.
     */
    public static Path onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path program = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(program)) {
                return program;
            }
        }
        return Path.of("/usr/local/bin", name);
    }

    /**
     * Skips (or fails, under POCKETAPI_REQUIRE_TOOLS=1) unless every program is installed; {@code install} says how
     * ({@code npm install -g @redocly/cli@2.77.0}).
     */
    public static void requireAs(String install, Path... programs) {
        for (Path program : programs) {
            if (!Files.isExecutable(program)) {
                String why = program + " is not installed (" + install + ")";
                if ("1".equals(System.getenv("POCKETAPI_REQUIRE_TOOLS"))) {
                    fail(why + " and POCKETAPI_REQUIRE_TOOLS=1");
                }
                Assumptions.abort(why);
            }
        }
    }
}
