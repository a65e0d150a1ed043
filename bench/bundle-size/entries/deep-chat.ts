// deep-chat as a page uses it from a script tag: importing the package defines <deep-chat>.
import 'deep-chat';
