// Stand-in for the NetBeans wizard library: the page base class and result-producer interface VASSAL uses.
package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JPanel;

public class WizardPage extends JPanel {
  private final java.util.Map<Object, Object> data = new java.util.HashMap<>();

  public WizardPage(String stepTitle) {
  }

  protected final void putWizardData(Object key, Object value) {
    data.put(key, value);
  }

  public interface WizardResultProducer {
    Object finish(Map settings) throws WizardException;

    boolean cancel(Map settings);
  }
}
