package pocketapi.web;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import pocketapi.config.Setting;
import pocketapi.config.Values;

/**
 * The server's settings: where it listens, how it treats connections and callers, its access log. Each is an
 * environment variable and a flag; {@code --help} and the README's table list them in this order.
 */
public final class ServerSettings {
    public static final Setting<Integer> PORT = Setting.of(
            "PORT",
            "8080",
            "TCP port, 0–65535 (0 picks a free port; the startup log line shows it)",
            v -> v.number(0, 65535));
    public static final Setting<String> HOST = Setting.of(
            "HOST", "0.0.0.0", "address to bind; 127.0.0.1 accepts local connections only", Values.Value::host);
    public static final Setting<Integer> MAX_CONNECTIONS = Setting.of(
            "MAX_CONNECTIONS",
            "1000",
            "connections held at once at most, 16–100000; further ones wait in the listen queue. Lowered "
                    + "(with a warning) "
                    + "to what the open-file limit allows, less the files open at start and a quarter of the "
                    + "rest (at least 64)",
            v -> v.number(16, 100_000));
    public static final Setting<Duration> HEADER_TIMEOUT_SECONDS = Setting.of(
            "HEADER_TIMEOUT_SECONDS",
            "10",
            "seconds a client has to send a request's headers (from connecting, or from the first byte of a "
                    + "later request "
                    + "on a kept-alive connection), 1–300; a slower one is disconnected. 1 s at most while "
                    + "MAX_CONNECTIONS is reached",
            v -> v.seconds(1, 300));
    public static final Setting<Optional<String>> PUBLIC_URL = Setting.of(
            "PUBLIC_URL",
            "",
            "absolute http(s):// URL of the service as clients reach it (https://api.example.com); links to "
                    + "the bundled "
                    + "samples use it whatever the Host header says. Set it in production",
            v -> v.url("https://api.example.com"));
    public static final Setting<List<String>> TRUSTED_PROXIES = Setting.of(
            "TRUSTED_PROXIES",
            "",
            "comma-separated addresses and CIDR ranges (IPv4, IPv6) of your reverse proxies, e.g. "
                    + "127.0.0.1/32,::1/128; "
                    + "CF-Connecting-IP and X-Forwarded-For then count only from them. Unset: from anyone",
            Values.Value::proxies);
    public static final Setting<Boolean> ACCESS_LOG = Setting.of(
            "ACCESS_LOG",
            "false",
            "true: one log line per request: client address, method, path and query, status, time taken, user id in "
                    + "quotes; every character a client wrote that is not printable ASCII appears as \\uXXXX",
            Values.Value::bool);

    /** In the order of --help and the README's table. */
    public static final List<Setting<?>> ALL =
            List.of(PORT, HOST, MAX_CONNECTIONS, HEADER_TIMEOUT_SECONDS, PUBLIC_URL, TRUSTED_PROXIES, ACCESS_LOG);

    private ServerSettings() {}
}
