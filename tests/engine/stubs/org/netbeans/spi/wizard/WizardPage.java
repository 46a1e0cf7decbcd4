// Stand-in for the NetBeans wizard library: the page base class and result-producer interface VASSAL uses.
package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JPanel;

public class WizardPage extends JPanel {
  public WizardPage(String stepTitle) {
  }

  public interface WizardResultProducer {
    Object finish(Map settings) throws WizardException;

    boolean cancel(Map settings);
  }
}
