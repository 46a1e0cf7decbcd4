// Asks the real VASSAL engine (Vengine.jar) for hex labels, label->point and snap points, so tests/test_hexgrid_engine.py
// can compare modgen.hexgrid with VASSAL itself. Protocol: one tab-separated request per stdin line, one reply line:
//   GRID <w> <h> key=value...   (HexGrid attributes; "N:key=value" for HexGridNumbering)  -> OK
//   NAME <x> <y>                -> grid.locationName(point)
//   LOC <label>                 -> "x,y" of numbering.getLocation(label), or BAD
//   SNAP <x> <y>                -> "x,y" of grid.snapTo(point)
import java.awt.Dimension;
import java.awt.Point;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import VASSAL.build.Buildable;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.HexGrid;
import VASSAL.build.module.map.boardPicker.board.MapGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.GridContainer;
import VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering;

public class GridProbe {
  /** A board stand-in: HexGridNumbering only asks its container for the size (getMaxRows/getMaxColumns). */
  static final class Container implements GridContainer, Buildable {
    private final Dimension size;
    Container(Dimension size) { this.size = size; }
    public void setGrid(MapGrid g) { }
    public void removeGrid(MapGrid g) { }
    public Board getBoard() { return null; }
    public Dimension getSize() { return size; }
    public boolean contains(Point p) { return true; }
    public void build(org.w3c.dom.Element e) { }
    public void addTo(Buildable parent) { }
    public void add(Buildable child) { }
    public org.w3c.dom.Element getBuildElement(org.w3c.dom.Document doc) { return null; }
  }

  public static void main(String[] args) throws Exception {
    final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    final PrintStream out = new PrintStream(System.out, true, "UTF-8");
    HexGrid grid = null;
    HexGridNumbering num = null;
    String line;
    while ((line = in.readLine()) != null) {
      final String[] f = line.split("\t", -1);
      try {
        switch (f[0]) {
          case "GRID": {
            final Dimension size = new Dimension(Integer.parseInt(f[1]), Integer.parseInt(f[2]));
            grid = new HexGrid();
            num = new HexGridNumbering();
            for (int i = 3; i < f.length; i++) {
              final int eq = f[i].indexOf('=');
              final String k = f[i].substring(0, eq);
              final String v = f[i].substring(eq + 1);
              if (k.startsWith("N:")) {
                num.setAttribute(k.substring(2), v);
              }
              else {
                grid.setAttribute(k, v);
              }
            }
            grid.addTo(new Container(size));
            num.addTo(grid);
            out.println("OK");
            break;
          }
          case "NAME":
            out.println(grid.locationName(new Point(Integer.parseInt(f[1]), Integer.parseInt(f[2]))));
            break;
          case "LOC": {
            final Point p = num.getLocation(f[1]);
            out.println(p.x + "," + p.y);
            break;
          }
          case "SNAP": {
            final Point p = grid.snapTo(new Point(Integer.parseInt(f[1]), Integer.parseInt(f[2])));
            out.println(p.x + "," + p.y);
            break;
          }
          default:
            out.println("ERR unknown request " + f[0]);
        }
      }
      catch (MapGrid.BadCoords e) {
        out.println("BAD");
      }
      catch (Exception e) {
        out.println("ERR " + e);
      }
    }
  }
}
