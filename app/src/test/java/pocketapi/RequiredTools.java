package pocketapi;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Tests that drive a program from Debian (Chromium, systemd-analyze, redis-server) skip, saying why, where it is not
 * installed, unless POCKETAPI_REQUIRE_TOOLS=1 (CI sets it after installing them) makes that a failure.
 */
public final class RequiredTools {
    private RequiredTools() {}

    /** Skips (or fails, under POCKETAPI_REQUIRE_TOOLS=1) unless every program is installed. */
    public static void require(String packages, Path... programs) {
        for (Path program : programs) {
            if (!Files.isExecutable(program)) {
                String why = program + " is not installed (Debian: apt-get install " + packages + ")";
                if ("1".equals(System.getenv("POCKETAPI_REQUIRE_TOOLS"))) {
                    fail(why + " and POCKETAPI_REQUIRE_TOOLS=1");
                }
                Assumptions.abort(why);
            }
        }
    }
}
