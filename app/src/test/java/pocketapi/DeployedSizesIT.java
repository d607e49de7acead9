package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The sizes deploy.md's figures state are those of the artifacts {@code package} built: the jar and the .deb, each
 * within 10 % of the first {@code N MB} of its row's value (MB: 10⁶ bytes). An IT, so that it runs after
 * {@code package}; it writes what it measured to the tests' log. The image's row is checked where the image is built,
 * by container-test.sh.
 */
class DeployedSizesIT {
    private static final Path DEPLOY = Path.of("docs", "deploy.md");
    private static final Pattern MB = Pattern.compile("([0-9]+(?:\\.[0-9]+)?) MB");

    private static Path jar() {
        return Path.of(System.getProperty("pocketapi.jar", "target/pocketapi.jar"));
    }

    /** The MB the figures row whose first cell is {@code what} states first in its value cell. */
    static double stated(String what) throws IOException {
        String row = Files.readAllLines(DEPLOY).stream()
                .filter(line -> line.startsWith("| " + what + " | "))
                .findFirst()
                .orElseThrow(() -> new AssertionError(DEPLOY + " has no figures row | " + what + " |"));
        Matcher mb = MB.matcher(row.substring(("| " + what + " | ").length()));
        assertThat(mb.find()).as("a size in MB in " + row).isTrue();
        return Double.parseDouble(mb.group(1));
    }

    private static double measured(Path artifact) throws IOException {
        double mb = Files.size(artifact) / 1e6;
        System.out.printf("%s: %.1f MB (%d bytes)%n", artifact.getFileName(), mb, Files.size(artifact));
        return mb;
    }

    @Test
    void the_jar_is_the_size_deploy_md_states_within_ten_percent() throws IOException {
        assertThat(measured(jar()))
                .as(jar() + " against deploy.md's figures")
                .isCloseTo(stated("the jar, `app/target/pocketapi.jar`"), withinPercentage(10));
    }

    @Test
    void the_package_is_the_size_deploy_md_states_within_ten_percent() throws IOException {
        String version;
        try (JarFile jar = new JarFile(jar().toFile())) {
            version = jar.getManifest().getMainAttributes().getValue("Implementation-Version");
        }
        Path deb = jar().resolveSibling("pocketapi_" + version + "_all.deb");
        assertThat(deb).as("the package of version " + version).exists();
        assertThat(measured(deb))
                .as(deb + " against deploy.md's figures")
                .isCloseTo(stated("the package, `app/target/pocketapi_<version>_all.deb`"), withinPercentage(10));
    }
}
