// Stand-in for the NetBeans wizard library: VASSAL's WizardSupport declares it in throws clauses.
package org.netbeans.spi.wizard;

public class WizardException extends Exception {
  public WizardException(String message) {
    super(message);
  }

  public WizardException(String message, String step) {
    super(message);
  }
}
