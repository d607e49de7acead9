package pocketapi.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.*;

/**
 * The settings' values as given (environment variables, overridden by flags), and every problem found reading them:
 * each reader returns its typed value, or says through {@link Value#bad} what is accepted (never quoting a password a
 * URL may hold) and returns a stand-in. Not thread-safe: start-up reads them once.
 */
public final class Values {
    /** The values given, by variable or flag; a setting left out has none (not even an empty one). */
    private final Map<Setting<?>, String> raw = new HashMap<>();

    final List<String> problems = new ArrayList<>();

    Values(Map<String, String> env, List<String> args, List<Setting<?>> settings) {
        for (Setting<?> s : settings) {
            if (env.containsKey(s.name())) {
                raw.put(s, env.get(s.name()));
            }
        }
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String flag = eq < 0 ? arg : arg.substring(0, eq);
            Setting<?> setting = settings.stream()
                    .filter(s -> s.flag().equals(flag))
                    .findFirst()
                    .orElse(null);
            if (setting == null) {
                problems.add(flag + ": unknown option; --help lists the settings");
                i += eq < 0 && i + 1 < args.size() && !args.get(i + 1).startsWith("--") ? 1 : 0; // its value
            } else if (eq >= 0) {
                raw.put(setting, arg.substring(eq + 1));
            } else if (i + 1 < args.size()) {
                raw.put(setting, args.get(++i));
            } else {
                problems.add(flag + ": a value is missing; write " + flag + " VALUE or " + flag + "=VALUE");
            }
        }
    }

    /**
     * One setting's value as given (its default when left out), and the readers of it. A value that names nothing
     * (empty, or blanks) is refused: for a setting with a default, by its reader, as any bad value; for one without,
     * here, since its readers take blank for unset. Leaving a setting out is the one way to leave it unset: an empty
     * value is a template's variable that expanded to nothing or a line left half-written, and for a token or a list of
     * allowed hosts, unset is the open door.
     */
    Value of(Setting<?> setting) {
        String given = raw.get(setting);
        Value value = new Value(setting, given == null ? setting.defaultValue() : given);
        if (given != null && given.isBlank() && setting.defaultValue().isEmpty()) {
            value.bad("a value, or " + setting.name() + " left out to leave it unset");
        }
        return value;
    }

    /** A setting's value as given, or its default. */
    String text(Setting<?> setting) {
        return raw.getOrDefault(setting, setting.defaultValue());
    }

    /** One setting's value as given, and the ways it may be read. */
    public final class Value {
        final Setting<?> setting;
        final String text;

        Value(Setting<?> setting, String text) {
            this.setting = setting;
            this.text = text;
        }

        /**
         * Says what is accepted, quoting the value without the credentials a URL may hold (and a control character as
         * {@code ?}, so that the problem stays one line); false.
         */
        public boolean bad(String accepted) {
            String value = text.replaceAll("//[^/?#]*@", "//…@").replaceAll("\\p{Cntrl}", "?");
            return !problems.add(setting.name() + " (" + setting.flag() + "): \"" + value
                    + "\" is not accepted; expected " + accepted);
        }

        /** A problem in words of its own (a value that must not be quoted). */
        public void problem(String line) {
            problems.add(setting.name() + " (" + setting.flag() + "): " + line);
        }

        public int number(int min, int max) {
            long n = text.strip().matches("[0-9]{1,10}") ? Long.parseLong(text.strip()) : -1;
            if (n < min || n > max) {
                bad("a whole number from " + min + " to " + max);
            }
            return (int) n;
        }

        public Duration seconds(int min, int max) {
            return Duration.ofSeconds(number(min, max));
        }

        public String host() {
            String v = text.strip();
            if (v.isEmpty() || !v.matches("[A-Za-z0-9.:\\-\\[\\]%]+")) {
                bad("an IP address or host name such as 0.0.0.0, 127.0.0.1 or ::");
            }
            return v;
        }

        public boolean bool() {
            String v = text.strip().toLowerCase(Locale.ROOT);
            return v.equals("true") || !v.equals("false") && bad("true or false");
        }

        /** {@code on} (true) or {@code off} (false). */
        public boolean onOff() {
            String v = text.strip().toLowerCase(Locale.ROOT);
            return v.equals("on") || !v.equals("off") && bad("on or off");
        }

        public String text() {
            return text;
        }

        /** A file's path (not a folder), or a folder's that may not exist yet (not a file). */
        public Path path(boolean folder) {
            String v = text.strip();
            try {
                Path path = Path.of(v);
                if (!v.isEmpty()
                        && (folder
                                ? !Files.isRegularFile(path)
                                : path.getFileName() != null && !Files.isDirectory(path))) {
                    return path;
                }
            } catch (InvalidPathException e) {
                // said below
            }
            bad(
                    folder
                            ? "the path of a folder such as data/holidays (created if missing)"
                            : "the path of a file such as data/stats.json (not a folder)");
            return Path.of("");
        }

        public Optional<Path> folder() {
            String v = text.strip();
            try {
                if (v.isEmpty() || Files.isDirectory(Path.of(v)) && Files.isReadable(Path.of(v))) {
                    return v.isEmpty() ? Optional.empty() : Optional.of(Path.of(v));
                }
            } catch (InvalidPathException e) {
                // said below
            }
            bad("a readable folder");
            return Optional.empty();
        }

        /** A file named by a setting, unset when empty (whether it reads is its reader's to say). */
        public Optional<Path> file() {
            return text.isBlank() ? Optional.empty() : Optional.of(Path.of(text.strip()));
        }

        /** {@code off}, or comma-separated absolute http(s) base URLs. */
        public List<URI> urls(String example) {
            String accepted =
                    "off, or comma-separated absolute http:// or https:// URLs without query or fragment, e.g. "
                            + example;
            List<String> entries = text.strip().equalsIgnoreCase("off") ? List.of() : entries(accepted, true);
            List<URI> urls = new ArrayList<>();
            for (String entry : entries == null ? List.<String>of() : entries) {
                Optional<String> url = httpUrl(entry);
                if (url.isEmpty()) {
                    bad(accepted);
                    return List.of();
                }
                urls.add(URI.create(url.get()));
            }
            return List.copyOf(urls);
        }

        /** Unset, or an absolute http(s) URL without query or fragment (a trailing slash is dropped). */
        public Optional<String> url(String example) {
            Optional<String> url = httpUrl(text);
            if (url.isEmpty() && !text.isBlank()) {
                bad("an absolute http:// or https:// URL without query or fragment, e.g. " + example);
            }
            return url;
        }

        public Optional<RedisTarget> redis() {
            try {
                return text.isBlank() ? Optional.empty() : Optional.of(RedisTarget.parse(text));
            } catch (IllegalArgumentException e) {
                // The message must not repeat a password: say what is wrong, not what was given.
                problem("is not accepted (" + e.getMessage()
                        + "); expected redis://[user:password@]host[:port][/db] or " + "rediss:// for TLS");
                return Optional.empty();
            }
        }

        public String prefix() {
            if (!text.matches("[!-~]{1,100}")) {
                bad("1 to 100 printable ASCII characters without spaces, e.g. pocketapi:");
            }
            return text;
        }

        /** Comma-separated names, each one of {@code choices}, in the order of {@code choices}. */
        public List<String> names(List<String> choices) {
            String accepted = "comma-separated names, each one of " + String.join(", ", choices);
            List<String> entries = entries(accepted, true);
            if (entries == null) {
                return choices;
            }
            List<String> names = new ArrayList<>();
            for (String entry : entries) {
                String name = entry.toLowerCase(Locale.ROOT);
                if (!choices.contains(name)) {
                    bad(accepted);
                    return choices;
                }
                names.add(name);
            }
            List<String> ordered = new ArrayList<>(choices);
            ordered.retainAll(names);
            return List.copyOf(ordered);
        }

        /** Host names, {@code *.example.com} for every subdomain; none when unset. */
        public List<String> hosts() {
            String accepted = "comma-separated host names, *.example.com for every subdomain, e.g. "
                    + "example.com,*.example.com";
            List<String> entries = text.isBlank() ? List.of() : entries(accepted, true);
            List<String> hosts = new ArrayList<>();
            for (String entry : entries == null ? List.<String>of() : entries) {
                String host = entry.toLowerCase(Locale.ROOT);
                if (!host.matches("(\\*\\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*")) {
                    problem("\"" + entry.replaceAll("[^ -~]", "?") + "\" is not accepted; expected " + accepted);
                    return List.of();
                }
                hosts.add(host);
            }
            return List.copyOf(hosts);
        }

        /**
         * IP literals and CIDR ranges, as Jetty's InetAddressSet reads them (never a name: no DNS lookup); none when
         * unset.
         */
        public List<String> proxies() {
            String accepted = "comma-separated IP addresses and CIDR ranges such as 127.0.0.1/32,::1/128";
            List<String> given = text.isBlank() ? List.of() : entries(accepted, true);
            List<String> entries = new ArrayList<>();
            for (String written : given == null ? List.<String>of() : given) {
                String entry = written.replaceFirst("^\\[(.*)]$", "$1");
                String why = entry.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}(/[0-9]{1,"
                                + "3})?|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(/[0-9]{1,3})?")
                        ? null
                        : "\"" + written + "\" is not an IP address or CIDR range";
                try {
                    new org.eclipse.jetty.util.InetAddressSet().add(entry);
                } catch (IllegalArgumentException e) {
                    why = why != null ? why : "\"" + written + "\": " + e.getMessage();
                }
                if (why != null) {
                    bad(accepted + " (" + why + ")");
                    return List.of();
                }
                entries.add(entry);
            }
            return List.copyOf(entries);
        }

        /**
         * Comma-separated entries that their own reader splits (NOTIFY_URLS' targets, whose options may hold commas):
         * the value as written, never quoted (it may hold a key); refused with an empty entry.
         */
        public String list(String accepted) {
            return text.isBlank() || entries(accepted, false) != null ? text : "";
        }

        /**
         * The comma-separated entries, each stripped; null, said with what is {@code accepted}, when one is empty
         * ({@code ","}, {@code "a,,b"}, {@code "a,"}): an entry that names nothing is a mistake, not a shorter list.
         */
        private List<String> entries(String accepted, boolean quote) {
            String[] parts = text.split(",", -1);
            List<String> entries = new ArrayList<>();
            for (int i = 0; i < parts.length; i++) {
                if (parts[i].isBlank()) {
                    String which = parts.length > 1 ? " (entry " + (i + 1) + " is empty)" : "";
                    if (quote) {
                        bad(accepted + which);
                    } else {
                        problem("is not accepted" + which + "; expected " + accepted);
                    }
                    return null;
                }
                entries.add(parts[i].strip());
            }
            return entries;
        }
    }

    /** An absolute http(s) URL with a host, a port 1-65535 if any, no credentials, query or fragment. */
    private static Optional<String> httpUrl(String value) {
        String v = value.strip();
        try {
            URI uri = new URI(v);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https"))
                    && uri.getHost() != null
                    && uri.getRawQuery() == null
                    && uri.getRawFragment() == null
                    && uri.getRawUserInfo() == null
                    && (uri.getPort() == -1 || uri.getPort() >= 1 && uri.getPort() <= 65535)) {
                return Optional.of(v.replaceFirst("/+$", ""));
            }
        } catch (URISyntaxException e) {
            // not a URL
        }
        return Optional.empty();
    }
}
