// What the engine harnesses beside tests/engine/harness share (the play, log and pieces harnesses): JSON quoting,
// closing VASSAL's dialogs (recorded as errors), finding a piece by its mg_unit, and BasicLogger's private fields.
// Compiled into the engine's classes by .ci/vassal-engine.sh, so every harness has it on its classpath.
package modgen.harness;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.swing.SwingUtilities;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Map;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;

public final class HarnessSupport {
  /** Problems seen while the harness ran (dialogs the engine opened); reported with the harness's JSON. */
  public static final List<String> ERRORS = Collections.synchronizedList(new ArrayList<>());

  private HarnessSupport() {
  }

  public static String q(Object o) {
    if (o == null) {
      return "null";
    }
    String s = o.toString();
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  public static void closeDialogs() {
    Thread t = new Thread(() -> {
      while (true) {
        for (java.awt.Window w : java.awt.Window.getWindows()) {
          if (w instanceof java.awt.Dialog && w.isVisible()) {
            ERRORS.add("dialog: " + ((java.awt.Dialog) w).getTitle());
            SwingUtilities.invokeLater(w::dispose);
          }
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "dialog-closer");
    t.setDaemon(true);
    t.start();
  }

  public static GamePiece findUnit(String unit) {
    for (Map m : Map.getMapList()) {
      for (GamePiece top : m.getAllPieces()) {
        List<GamePiece> pieces = top instanceof Stack ? ((Stack) top).asList() : Collections.singletonList(top);
        for (GamePiece p : pieces) {
          if (unit.equals(p.getProperty("mg_unit"))) {
            return p;
          }
        }
      }
    }
    return null;
  }

  public static Object get(Object o, String field) throws ReflectiveOperationException {
    Field f = BasicLogger.class.getDeclaredField(field);
    f.setAccessible(true);
    return f.get(o);
  }

  public static void set(Object o, String field, Object value) throws ReflectiveOperationException {
    Field f = BasicLogger.class.getDeclaredField(field);
    f.setAccessible(true);
    f.set(o, value);
  }
}
