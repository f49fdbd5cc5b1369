package dev.castcheck.kit;

/** Something the engine does not implement: the step says so, and castcheck does not count it. */
public class Unsupported extends Exception {
    public Unsupported(String message) {
        super(message);
    }
}
