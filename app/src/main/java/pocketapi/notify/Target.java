package pocketapi.notify;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import pocketapi.holidays.Mainland;
import pocketapi.holidays.Region;
import pocketapi.holidays.Week;

/**
 * One entry of NOTIFY_URLS: {@code FORMAT+URL}, the URL in full, options in its fragment (never sent):
 * {@code events=year,eve,ending}, {@code week=6|alt:YYYY-MM-DD} or {@code calendar=NAME}, {@code at=HH:MM} (the evening
 * message's time, UTC+8), {@code lang=en}, {@code region=hk|mo|tw} (whose calendar it is told of). Immutable.
 */
public record Target(
        Format format,
        URI url,
        Set<Event> events,
        Week week,
        String calendar,
        int at,
        boolean english,
        Region region,
        String entry) {
    /** What a target is told of. */
    public enum Event {
        YEAR,
        EVE,
        ENDING
    }

    private static final Pattern NEXT = Pattern.compile(",(?=\\s*(?:webhook|ntfy|bark|wecom|dingtalk|feishu)\\+)");

    /**
     * Every entry of NOTIFY_URLS (commas inside an entry's options are kept: a new entry starts at a comma followed by
     * {@code FORMAT+}).
     *
     * @param regions the region of a {@code #region=} value (thrown: none, saying which are)
     */
    public static List<Target> parseAll(String value, Function<String, Region> regions) {
        List<Target> targets = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (value.isBlank()) {
            return List.of();
        }
        String[] entries = NEXT.split(value.strip());
        for (int i = 0; i < entries.length; i++) {
            try {
                targets.add(parse(entries[i].strip(), regions));
            } catch (IllegalArgumentException e) {
                problems.add(
                        "entry " + (i + 1) + " (" + safe(entries[i].strip()) + ") is not accepted: " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("\n", problems));
        }
        return List.copyOf(targets);
    }

    static Target parse(String entry, Function<String, Region> regions) {
        int plus = entry.indexOf('+');
        Format format = plus < 0 ? null : Format.named(entry.substring(0, plus));
        if (format == null) {
            throw new IllegalArgumentException(
                    "it must start with webhook+, ntfy+, bark+, wecom+, dingtalk+ or feishu+");
        }
        URI uri;
        try {
            uri = new URI(entry.substring(plus + 1));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("the URL is not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")
                || uri.getHost() == null
                || uri.getPort() != -1 && (uri.getPort() < 1 || uri.getPort() > 65535)) {
            throw new IllegalArgumentException(
                    "the URL must be an absolute http:// or https:// URL with a host (and a port 1-65535)");
        }
        Set<Event> events = EnumSet.allOf(Event.class);
        Week week = null;
        String calendar = null;
        int at = 20 * 60;
        boolean english = false;
        Region region = Mainland.CN;
        String fragment = uri.getFragment();
        for (String option : fragment == null || fragment.isEmpty() ? new String[0] : fragment.split("&")) {
            int eq = option.indexOf('=');
            String name = eq < 0 ? option : option.substring(0, eq);
            String v = eq < 0 ? "" : option.substring(eq + 1);
            switch (name) {
                case "events" -> {
                    events = EnumSet.noneOf(Event.class);
                    for (String e : v.split(",")) {
                        try {
                            events.add(Event.valueOf(e.strip().toUpperCase(Locale.ROOT)));
                        } catch (IllegalArgumentException x) {
                            throw new IllegalArgumentException("events must list year, eve or ending");
                        }
                    }
                }
                case "week" -> week = Week.parse(v);
                case "calendar" -> {
                    if (!v.matches("[a-z0-9-]{1,32}")) {
                        throw new IllegalArgumentException(
                                "calendar must be a calendar's name: 1 to 32 of a-z, 0-9, -");
                    }
                    calendar = v;
                }
                case "at" -> {
                    if (!v.matches("([01][0-9]|2[0-3]):[0-5][0-9]")) {
                        throw new IllegalArgumentException("at must be a time HH:MM, e.g. at=20:00");
                    }
                    at = Integer.parseInt(v.substring(0, 2)) * 60 + Integer.parseInt(v.substring(3));
                }
                case "lang" -> {
                    if (!v.equals("en") && !v.equals("zh")) {
                        throw new IllegalArgumentException("lang must be zh (the default) or en");
                    }
                    english = v.equals("en");
                }
                case "region" -> {
                    try {
                        region = regions.apply(v);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("region " + e.getMessage());
                    }
                }
                default ->
                    throw new IllegalArgumentException("unknown option " + cut(name)
                            + "; the options are events, week, calendar, at, lang, region");
            }
        }
        if (week != null && calendar != null) {
            throw new IllegalArgumentException("week and calendar cannot be given together");
        }
        int hash = entry.indexOf('#');
        URI url = URI.create(hash < 0 ? entry.substring(plus + 1) : entry.substring(plus + 1, hash));
        return new Target(format, url, Set.copyOf(events), week, calendar, at, english, region, entry);
    }

    /** The format and host, for messages and logs: never the path, query or credentials (tokens live there). */
    public String name() {
        return format.name().toLowerCase(Locale.ROOT) + " to " + url.getHost();
    }

    /** An entry as it may be shown: its format, scheme and host. */
    static String safe(String entry) {
        return entry.replaceFirst("^([^+]*\\+[a-zA-Z]*://)(?:[^/@]*@)?([^/:#?]*).*$", "$1$2/…");
    }

    /** A stable name for the state file: a hash of the entry, which holds secrets. */
    public String id() {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(entry.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return name();
    }

    /** An option's name as it may be shown: ASCII letters, digits, - and _ only, at most 20. */
    private static String cut(String s) {
        String t = s.replaceAll("[^A-Za-z0-9_-]", "?");
        return t.length() <= 20 ? t : t.substring(0, 20) + "…";
    }
}
