package pocketapi.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component of an answer's record that may be null in its JSON ({@code "name":null}): its JSON Schema allows null
 * ({@link JsonSchemas}). Every other component is never null.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Nullable {}
