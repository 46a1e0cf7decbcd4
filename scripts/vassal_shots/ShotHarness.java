// Screenshots of a built module in the real VASSAL engine, as a player sees it (run under Xvfb by
// scripts/vassal_screenshots.py): the player window with the main map after a predefined set-up, the Charts
// window, and every other map window (the holding map). Writes PNGs into OUTDIR and prints their names.
//
// Usage: java -cp ... modgen.shots.ShotHarness MODULE.vmod SETUP_FILE OUTDIR
package modgen.shots;

import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Window;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.swing.AbstractButton;
import javax.swing.SwingUtilities;
import VASSAL.build.GameModule;
import VASSAL.build.module.ChartWindow;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.tools.DataArchive;

public final class ShotHarness {
  private ShotHarness() {
  }

  /** Closes every modal dialog (the first-run name prompt, "Save game?"), so nothing blocks or covers a shot. */
  static void closeDialogs() {
    Thread t = new Thread(() -> {
      while (true) {
        for (Window w : Window.getWindows()) {
          if (w instanceof java.awt.Dialog && ((java.awt.Dialog) w).isModal() && w.isVisible()) {
            System.err.println("closing dialog: " + ((java.awt.Dialog) w).getTitle());
            SwingUtilities.invokeLater(w::dispose);
          }
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "shots-dialog-closer");
    t.setDaemon(true);
    t.start();
  }

  static Object field(Class<?> cls, Object o, String name) throws ReflectiveOperationException {
    Field f = cls.getDeclaredField(name);
    f.setAccessible(true);
    return f.get(o);
  }

  static void settle() throws Exception {
    Thread.sleep(1500);  // images load and paint off the event thread
    SwingUtilities.invokeAndWait(() -> { });
  }

  static String shoot(Window w, File out) throws Exception {
    final Rectangle[] r = new Rectangle[1];
    SwingUtilities.invokeAndWait(() -> {
      w.toFront();
      r[0] = w.getBounds();
    });
    settle();
    BufferedImage img = new Robot().createScreenCapture(r[0]);
    ImageIO.write(img, "png", out);
    return out.getName();
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
    System.setOut(System.err);
    closeDialogs();
    VASSAL.Info.setConfig(new VASSAL.launch.StandardConfig());
    Class<?> mm = Class.forName("VASSAL.launch.Player$PlayerMenuManager");
    Constructor<?> ctor = mm.getDeclaredConstructor();
    ctor.setAccessible(true);
    ctor.newInstance();
    File dir = new File(args[2]);
    List<String> written = new ArrayList<>();
    final GameModule[] gmh = new GameModule[1];
    SwingUtilities.invokeAndWait(() -> {
      try {
        GameModule.init(new GameModule(new DataArchive(args[0])));
        GameModule gm = GameModule.getGameModule();
        gmh[0] = gm;
        gm.getPlayerWindow().setBounds(0, 0, 1600, 1000);
        gm.getPlayerWindow().setVisible(true);
        for (PredefinedSetup s : gm.getAllDescendantComponentsOf(PredefinedSetup.class)) {
          if (args[1].equals(s.getFileName())) {
            try (InputStream in = s.getSavedGameContents()) {
              gm.getGameState().decodeSavedGame(in).execute();
            }
          }
        }
      } catch (Exception e) {
        throw new RuntimeException(e);
      }
    });
    GameModule gm = gmh[0];
    settle();
    settle();
    written.add(shoot(gm.getPlayerWindow(), new File(dir, "map.png")));

    // the main map scrolled to the set-up (the centre of its pieces), then zoomed out on the legend strip
    final Map main = Map.getMapList().get(0);
    SwingUtilities.invokeAndWait(() -> {
      long sx = 0, sy = 0, n = 0;
      for (VASSAL.counters.GamePiece p : main.getAllPieces()) {
        sx += p.getPosition().x;
        sy += p.getPosition().y;
        n++;
      }
      if (n > 0) {
        main.centerAt(new java.awt.Point((int) (sx / n), (int) (sy / n)));  // map coordinates
      }
    });
    written.add(shoot(gm.getPlayerWindow(), new File(dir, "map-setup.png")));
    SwingUtilities.invokeAndWait(() -> main.getZoomer().setZoomFactor(0.4));
    settle();  // the view is resized for the new zoom before it can scroll
    SwingUtilities.invokeAndWait(() -> {
      java.awt.Dimension size = main.mapSize();
      main.centerAt(new java.awt.Point(size.width / 3, size.height));
    });
    written.add(shoot(gm.getPlayerWindow(), new File(dir, "map-legend.png")));

    for (ChartWindow cw : gm.getAllDescendantComponentsOf(ChartWindow.class)) {
      AbstractButton launch = (AbstractButton) field(ChartWindow.class, cw, "launch");
      SwingUtilities.invokeAndWait(launch::doClick);
      Window frame = (Window) field(ChartWindow.class, cw, "frame");
      written.add(shoot(frame, new File(dir, "charts.png")));
      SwingUtilities.invokeAndWait(() -> frame.setVisible(false));
    }

    int n = 0;
    for (Map m : Map.getMapList()) {
      if (SwingUtilities.getWindowAncestor(m.getView()) == gm.getPlayerWindow()) {
        continue;  // docked in the player window: already shot
      }
      SwingUtilities.invokeAndWait(() -> m.getLaunchButton().doClick());
      Window w = SwingUtilities.getWindowAncestor(m.getView());
      if (w == null) {
        continue;
      }
      SwingUtilities.invokeAndWait(() -> w.setBounds(0, 0, 1200, 900));
      String kind = m.getMapName().startsWith("turntrack") ? "turntrack" : "window" + (n == 0 ? "" : String.valueOf(n));
      written.add(shoot(w, new File(dir, kind + ".png")));
      n++;
      SwingUtilities.invokeAndWait(() -> w.setVisible(false));
    }
    List<String> quoted = new ArrayList<>();
    for (String s : written) {
      quoted.add("\"" + s + "\"");
    }
    out.print("{\"written\":[" + String.join(",", quoted) + "]}\n");
    out.flush();
    System.exit(0);
  }
}
