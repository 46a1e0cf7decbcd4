// Stand-in for the NetBeans wizard library (not packaged anywhere reachable). VASSAL only needs the class to load.
package org.netbeans.spi.wizard;

public class Wizard {
}
