package pocketapi.holiday;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * English names of the festivals, for feeds in English: a joined name such as {@code 国庆节、中秋节}
 * becomes {@code National Day, Mid-Autumn Festival}; a name it does not know stays as it is. Stateless.
 */
public final class FestivalNames {
    private static final Map<String, String> ENGLISH = Map.of(
            "元旦", "New Year's Day",
            "春节", "Spring Festival",
            "清明", "Qingming Festival",
            "劳动节", "Labour Day",
            "端午", "Dragon Boat Festival",
            "中秋", "Mid-Autumn Festival",
            "国庆", "National Day",
            "抗日战争", "Victory Day (70th anniversary)");

    private FestivalNames() {
    }

    public static String english(String name) {
        List<String> parts = new ArrayList<>();
        for (String part : name.split("、")) {
            String english = part;
            for (Map.Entry<String, String> e : ENGLISH.entrySet()) {
                if (part.contains(e.getKey())) {
                    english = e.getValue();
                    break;
                }
            }
            parts.add(english);
        }
        return String.join(", ", parts);
    }
}
