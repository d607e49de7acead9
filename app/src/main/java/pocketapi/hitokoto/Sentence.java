package pocketapi.hitokoto;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import pocketapi.web.Nullable;

/**
 * One sentence ("一言"), with the fields of the hitokoto sentence bundle, in its order: its JSON is both a bundle file's
 * entry and {@code /api/hitokoto}'s answer. {@code length}: the sentence's length in characters (Unicode code points),
 * as counted here; a number a file leaves out is 0.
 */
@JsonClassDescription("A sentence with the fields of the hitokoto API (length in characters).")
public record Sentence(
        int id,
        String uuid,
        String hitokoto,
        String type,
        String from,
        @JsonProperty("from_who") @Nullable String fromWho,
        String creator,
        @JsonProperty("creator_uid") int creatorUid,
        int reviewer,
        @JsonProperty("commit_from") String commitFrom,
        @JsonProperty("created_at") String createdAt,
        int length) {
    /** The sentence's length in characters. */
    public static int length(String text) {
        return text.codePointCount(0, text.length());
    }
}
