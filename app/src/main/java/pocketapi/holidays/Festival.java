package pocketapi.holidays;

import java.util.ArrayList;
import java.util.List;

/**
 * The seven statutory festivals of 《全国年节及纪念日放假办法》 (since 2008), in the order the notices list them, with the one
 * Chinese name a name from any source is read as, and the English name feeds in English use. A joint break is named by
 * its festivals joined with {@code 、} in the order its notice gives ({@code 国庆节、中秋节} in 2025, {@code 中秋节、国庆节} in 2023).
 */
public enum Festival {
    NEW_YEAR("元旦", "元旦", "New Year's Day"),
    SPRING("春节", "春节", "Spring Festival"),
    QINGMING("清明节", "清明", "Qingming Festival"),
    LABOUR("劳动节", "劳动", "Labour Day"),
    DRAGON_BOAT("端午节", "端午", "Dragon Boat Festival"),
    MID_AUTUMN("中秋节", "中秋", "Mid-Autumn Festival"),
    NATIONAL("国庆节", "国庆", "National Day");

    private final String chinese;
    /** What a name must contain to be read as this festival (清明, 清明节 and chinese-days' 清明 alike). */
    private final String word;

    private final String english;

    Festival(String chinese, String word, String english) {
        this.chinese = chinese;
        this.word = word;
        this.english = english;
    }

    public String chinese() {
        return chinese;
    }

    public String english() {
        return english;
    }

    /**
     * The festivals a name stands for, in the order it gives them: {@code 国庆节、中秋节} is National Day then Mid-Autumn;
     * {@code 元旦补班} is New Year's Day.
     */
    public static List<Festival> of(String name) {
        List<Festival> found = new ArrayList<>();
        for (String part : name.split("、", -1)) {
            Festival match = null;
            for (Festival f : values()) {
                if (part.contains(f.word)) {
                    if (match != null) {
                        return List.of();
                    }
                    match = f;
                }
            }
            if (match == null || found.contains(match)) {
                return List.of();
            }
            found.add(match);
        }
        return found;
    }

    /** The name of a break of these festivals, in Chinese: {@code 国庆节、中秋节}. */
    public static String chinese(List<Festival> festivals) {
        List<String> names = new ArrayList<>();
        for (Festival f : festivals) {
            names.add(f.chinese);
        }
        return String.join("、", names);
    }

    /**
     * A name in English: each part that is a festival of the table by its English name, joined by {@code ", "}; a part
     * that is none (an operator's own day) stays as written.
     */
    public static String english(String name) {
        List<String> parts = new ArrayList<>();
        for (String part : name.split("、", -1)) {
            List<Festival> f = of(part);
            parts.add(
                    f.size() == 1
                            ? f.get(0).english
                            : part.startsWith("抗日战争") ? "Victory Day (70th anniversary)" : part);
        }
        return String.join(", ", parts);
    }
}
