package pocketapi;

/** The text of {@code --help}: every setting with its flag, default and meaning. */
final class Help {
    private Help() {
    }

    static String text() {
        StringBuilder out = new StringBuilder("""
                pocketapi: Chinese holiday calendar, random pictures and usage counters.

                Usage: java -jar pocketapi.jar [--setting value ...]
                Each setting is an environment variable or a flag; the flag wins.

                """);
        for (Setting s : Setting.values()) {
            String def = s.defaultValue().isEmpty() ? "(unset)" : s.defaultValue();
            out.append(String.format("  %-22s %-24s default %s%n      %s%n", s.name(), s.flag() + " VALUE", def, s.help()));
        }
        return out.toString();
    }
}
