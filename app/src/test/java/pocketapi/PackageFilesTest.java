package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import pocketapi.config.Setting;

/**
 * The Debian package's files say what the service does: its settings file lists every setting, commented out, with the
 * value the service runs with under the unit (the unit's own {@code Environment=} lines, else the default), and the
 * packaged paths match the unit's.
 */
class PackageFilesTest {
    private static final Path ENV = Path.of("deploy", "debian", "pocketapi.env");
    private static final Path UNIT = Path.of("deploy", "pocketapi.service");

    /** The unit's {@code Environment=NAME=value} lines. */
    static Map<String, String> unitEnvironment() throws Exception {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Files.readAllLines(UNIT)) {
            if (line.startsWith("Environment=")) {
                String kv = line.substring("Environment=".length());
                env.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
            }
        }
        return env;
    }

    /** The settings file as it must read. */
    static String expectedEnvFile() throws Exception {
        Map<String, String> unit = unitEnvironment();
        StringBuilder out = new StringBuilder("""
                # pocketapi's settings, read by systemd before the service starts (mode 0600: secrets such as a
                # STATS_REDIS_URL password belong here and nowhere else). One NAME=value per line; a line here wins
                # over the unit's Environment= lines. Every setting is listed below, commented out, with the value
                # the service runs with: the unit's where it sets one, else the built-in default. After a change:
                #   sudo systemctl restart pocketapi
                # `pocketapi --help` prints the same list. Set PUBLIC_URL at least, e.g.
                #   PUBLIC_URL=https://api.example.com
                """);
        for (Setting<?> s : Settings.all()) {
            out.append("\n");
            StringBuilder line = new StringBuilder("#");
            String help = s.name() + ": " + s.help()
                    + (unit.containsKey(s.name()) ? ". The unit sets " + unit.get(s.name()) + "." : "");
            for (String word : help.split(" ")) {
                if (line.length() + 1 + word.length() > 100) {
                    out.append(line).append("\n");
                    line = new StringBuilder("#  ");
                }
                line.append(" ").append(word);
            }
            out.append(line).append("\n");
            String value = unit.getOrDefault(s.name(), s.defaultValue());
            out.append("#").append(s.name()).append("=").append(value).append("\n");
        }
        return out.toString();
    }

    @Test
    void the_settings_file_lists_every_setting_commented_out_with_the_value_the_service_runs_with() throws Exception {
        String expected = expectedEnvFile();
        if (!Files.exists(ENV) || !Files.readString(ENV).equals(expected)) {
            System.out.println("deploy/debian/pocketapi.env should read:\n" + expected);
        }
        assertThat(Files.readString(ENV)).isEqualTo(expected);
    }

    @Test
    void the_unit_runs_the_jar_where_the_package_and_the_manual_install_put_it() throws Exception {
        assertThat(Files.readString(UNIT))
                .contains(
                        " -jar /usr/share/pocketapi/pocketapi.jar\n",
                        "EnvironmentFile=-/etc/pocketapi/pocketapi.env\n");
        assertThat(Files.readString(Path.of("deploy", "debian", "pocketapi")))
                .contains("exec java -jar /usr/share/pocketapi/pocketapi.jar \"$@\"");
    }

    @Test
    void the_container_image_runs_the_units_jvm_flags_and_is_set_by_the_settings_names() throws Exception {
        String containerfile = Files.readString(Path.of("deploy", "container", "Containerfile"));
        String compose = Files.readString(Path.of("deploy", "container", "pocketapi", "compose.yaml"))
                + Files.readString(Path.of("deploy", "container", "pocketapi-redis", "compose.yaml"));
        String unit = Files.readString(UNIT);
        Matcher flags = Pattern.compile("ExecStart=/usr/bin/java (.*) -jar ").matcher(unit);
        assertThat(flags.find()).isTrue();
        // The same flags, each with the class-data-sharing archive its install makes (postinst, the image's RUN).
        assertThat(containerfile)
                .contains("JAVA_OPTS=\""
                        + flags.group(1).replace("/var/cache/pocketapi/pocketapi.jsa", "/opt/pocketapi/pocketapi.jsa")
                        + "\"")
                .contains("-XX:ArchiveClassesAtExit=/opt/pocketapi/pocketapi.jsa "
                        + "-jar /opt/pocketapi/pocketapi.jar --train");
        assertThat(flags.group(1)).contains("-XX:SharedArchiveFile=/var/cache/pocketapi/pocketapi.jsa -Xshare:auto");
        assertThat(Files.readString(Path.of("deploy", "debian", "control", "postinst")))
                .contains("-XX:ArchiveClassesAtExit=/var/cache/pocketapi/pocketapi.jsa.new")
                .contains("mv -f /var/cache/pocketapi/pocketapi.jsa.new /var/cache/pocketapi/pocketapi.jsa");

        List<String> names = Settings.all().stream().map(s -> s.name()).toList();
        List<String> imageEnv = Pattern.compile("(?m)^(?:ENV |    )([A-Z_]+)=")
                .matcher(containerfile)
                .results()
                .map(m -> m.group(1))
                .filter(n -> !n.equals("JAVA_OPTS"))
                .toList();
        // podman-compose 1.0 ignores profiles: each file starts all it names (pocketapi-redis/ the Redis variant).
        assertThat(compose).doesNotContain("profiles");
        List<String> composeEnv = Pattern.compile("(?m)^ +(?:# )?- ([A-Z_]+)(?:=|$)")
                .matcher(compose)
                .results()
                .map(m -> m.group(1))
                .toList();
        assertThat(imageEnv).containsExactly("PORT", "HOST", "STATS_FILE", "HOLIDAY_CACHE_DIR");
        assertThat(composeEnv).contains("STATS_REDIS_URL", "PUBLIC_URL", "UPDATES", "TRUSTED_PROXIES");
        assertThat(names).containsAll(imageEnv).containsAll(composeEnv);
        assertThat(containerfile)
                .contains("STATS_FILE=/data/stats.json", "HOLIDAY_CACHE_DIR=/data/holidays", "VOLUME /data");
    }
}
