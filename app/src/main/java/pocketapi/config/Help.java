package pocketapi.config;

import java.util.List;

/** The text of {@code --help} (or {@code -h}): every setting with its flag, default and meaning. */
public final class Help {
    private Help() {}

    /** The usage and {@code settings}, in their order. */
    public static String text(List<Setting<?>> settings) {
        StringBuilder out = new StringBuilder("""
                pocketapi: Chinese holiday calendar, random pictures and usage counters.

                Usage: java -jar pocketapi.jar [--setting value ...]
                       java -jar pocketapi.jar --version
                       java -jar pocketapi.jar --check-holidays PATH [--confirm PATH2]
                           (check holiday-cn YYYY.json files offline; with --confirm, compare them
                           date by date with chinese-days' YYYY.json files)
                       java -jar pocketapi.jar --import FILE [--setting value ...]
                           (add another counter's export to the site's counts, once: GoatCounter's or
                           Plausible's CSV, or rows of YYYY-MM-DD,N and total,N; with the service
                           stopped unless STATS_REDIS_URL is set; docs/counters.md: A starting count)
                       java -jar pocketapi.jar --notify-test
                           (send a test message to every NOTIFY_URLS target; exit 0 if each took it)
                       java -XX:ArchiveClassesAtExit=FILE -jar pocketapi.jar --train
                           (make a class-data-sharing archive that starts the service faster: a run
                           on a free local port, state in a temporary folder, no fetch; then start
                           with -XX:SharedArchiveFile=FILE -Xshare:auto; the .deb and image do this)
                Each setting is an environment variable or a flag; the flag wins.

                """);
        int name = 0;
        int flag = 0;
        for (Setting<?> s : settings) {
            name = Math.max(name, s.name().length());
            flag = Math.max(flag, s.flag().length() + " VALUE".length());
        }
        String row = "  %-" + name + "s  %-" + flag + "s  default %s%n      %s%n";
        for (Setting<?> s : settings) {
            String def = s.defaultValue().isEmpty() ? "(unset)" : s.defaultValue();
            out.append(String.format(row, s.name(), s.flag() + " VALUE", def, s.help()));
        }
        return out.toString();
    }
}
