package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The systemd unit that ships in deploy/: valid for systemd, and true to what the service needs. */
class DeployTest {
    private static final Path UNIT = Path.of("deploy/pocketapi.service");

    @Test
    void systemd_analyze_verify_accepts_the_unit() throws Exception {
        Path analyze = Path.of("/usr/bin/systemd-analyze");
        RequiredTools.require("systemd", analyze);
        Process verify = new ProcessBuilder(analyze.toString(), "verify", UNIT.toString())
                .redirectErrorStream(true)
                .start();
        assertThat(verify.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(verify.exitValue()).as(output).isZero();
        assertThat(output).isEmpty();
    }

    @Test
    void the_unit_is_rated_no_more_exposed_than_1_5_by_systemd_analyze_security() throws Exception {
        Path analyze = Path.of("/usr/bin/systemd-analyze");
        RequiredTools.require("systemd", analyze);
        Process security = new ProcessBuilder(analyze.toString(), "security", "--offline=yes", UNIT.toString())
                .redirectErrorStream(true)
                .start();
        assertThat(security.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(security.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        java.util.regex.Matcher level = java.util.regex.Pattern.compile("Overall exposure level for \\S+: ([0-9.]+)")
                .matcher(output);
        assertThat(level.find()).as(output).isTrue();
        assertThat(Double.parseDouble(level.group(1))).isLessThanOrEqualTo(1.2);
    }

    @Test
    void the_unit_limits_memory_tasks_and_files_and_reads_secrets_from_a_private_file_only() throws Exception {
        String unit = Files.readString(UNIT);
        assertThat(unit)
                .contains(
                        "PrivateUsers=yes",
                        "PrivateMounts=yes",
                        "MemoryMax=256M",
                        "TasksMax=320",
                        "LimitNOFILE=4096",
                        "EnvironmentFile=-/etc/pocketapi/pocketapi.env",
                        "install -D -m 0600");
        // No secret and no PUBLIC_URL in Environment= lines: those are readable by any local user.
        assertThat(unit.lines().filter(l -> l.startsWith("Environment=")))
                .noneMatch(l -> l.contains("REDIS") || l.contains("PUBLIC_URL") || l.contains("IMAGE_HOST"));
    }

    @Test
    void the_unit_keeps_the_counters_in_its_state_directory_and_outlasts_the_shutdown_budget() throws Exception {
        String unit = Files.readString(UNIT);
        assertThat(unit)
                .contains(
                        "DynamicUser=yes",
                        "StateDirectory=pocketapi",
                        "Environment=STATS_FILE=/var/lib/pocketapi/stats.json",
                        "Environment=HOLIDAY_CACHE_DIR=/var/lib/pocketapi/holidays",
                        "Environment=TRUSTED_PROXIES=127.0.0.1/32,::1/128",
                        "Restart=on-failure",
                        "-Xmx64m",
                        "NoNewPrivileges=yes",
                        "ProtectSystem=strict",
                        "ProtectHome=yes",
                        "PrivateTmp=yes",
                        "PrivateDevices=yes",
                        "CapabilityBoundingSet=\n",
                        "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX");
        // The service stops within 5 s (README, "Deploy": Stopping); systemd must not SIGKILL it before that.
        String timeout = unit.replaceAll("(?s).*\nTimeoutStopSec=(\\d+)s?\n.*", "$1");
        assertThat(Integer.parseInt(timeout)).isGreaterThan(5);
    }
}
