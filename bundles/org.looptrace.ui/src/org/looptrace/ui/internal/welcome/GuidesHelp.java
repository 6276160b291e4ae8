// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import java.util.Optional;

import org.eclipse.help.IContext;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.help.AbstractHelpUI;

/**
 * The help of the product: its own guides, not Eclipse's help system (whose browser and web
 * application the product does not ship). Help ▸ Help Contents opens the Welcome page, whose
 * Documentation lists the guides; a help resource naming a guide by its file ({@code LANGUAGE.md},
 * {@code tracer/README.md}) opens that guide; Help ▸ Search opens the search of the guides. Dynamic
 * Help, which needs the help system's context index, is hidden by the activity of the plug-in's
 * {@code plugin.xml}.
 */
public final class GuidesHelp extends AbstractHelpUI {

	@Override
	public void displayHelp() {
		IWorkbenchPage page = page();
		if (page != null) {
			try {
				WelcomeEditor.open(page);
			} catch (PartInitException e) {
				PlatformUI.getWorkbench().getDisplay().beep();
			}
		}
	}

	/** The guide a resource names by its file under the guides' folder, else the Welcome page with all of them. */
	@Override
	public void displayHelpResource(@Nullable String href) {
		IWorkbenchPage page = page();
		String path = href == null ? "" : href.replaceFirst("^/+", "");
		Optional<Guides.Guide> guide = Guides.ALL.stream().filter(each -> each.path().equals(path)).findFirst();
		if (page != null && guide.isPresent()) {
			Guides.open(page, guide.get());
		} else {
			displayHelp();
		}
	}

	@Override
	public void displaySearch() {
		search("");
	}

	/** The search of the guides, showing the guides that hold the words of {@code expression} when it has some. */
	@Override
	public void search(@Nullable String expression) {
		IWorkbenchPage page = page();
		if (page != null) {
			try {
				GuideSearchView view = (GuideSearchView) page.showView(GuideSearchView.ID);
				if (expression != null && !expression.isBlank()) {
					view.search(expression);
				}
			} catch (PartInitException e) {
				PlatformUI.getWorkbench().getDisplay().beep();
			}
		}
	}

	/** No control of the product has a help context: F1 shows the guides as Help Contents does. */
	@Override
	public void displayContext(@Nullable IContext context, int x, int y) {
		displayHelp();
	}

	@Override
	public boolean isContextHelpDisplayed() {
		return false;
	}

	private static @Nullable IWorkbenchPage page() {
		IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
		if (window == null && PlatformUI.getWorkbench().getWorkbenchWindowCount() > 0) {
			window = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
		}
		return window == null ? null : window.getActivePage();
	}
}
